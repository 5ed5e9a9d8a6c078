// Command iamreport prints, per function of template.yaml, the permissions
// its role is granted beside the ones it used in a run of the local cloud
// (the usage the local cloud records, see infra/iam), so that what is
// granted but never used can be removed, or kept with a one-line reason.
//
//	iamreport -usage FILE[,FILE...] [-reasons infra/cmd/iamreport/unused.yaml] [-out docs/iam-report.md] [-check]
//
// With -check it exits 1 when a granted permission was never used and has
// no reason, when a reason names a permission no longer granted, or when
// the run had a denied call.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/remat/remat/infra/iam"
	"github.com/remat/remat/infra/samtpl"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("iamreport", flag.ContinueOnError)
	fs.SetOutput(stderr)
	usage := fs.String("usage", "", "comma-separated usage files written by the local cloud (-iam-usage, or GET /_dev/iam/usage.json)")
	reasons := fs.String("reasons", "infra/cmd/iamreport/unused.yaml", "the reasons for granted permissions that are not used")
	out := fs.String("out", "", "write the report (markdown) to this file instead of standard output")
	tplPath := fs.String("template", samtpl.TemplateFile, "the SAM template")
	check := fs.Bool("check", false, "exit 1 on unused permissions without a reason, stale reasons or denied calls")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *usage == "" {
		_, _ = fmt.Fprintln(stderr, "iamreport: -usage is required: run `make test` (its end-to-end run records the usage) or pass the file a local cloud wrote with -iam-usage")
		return 2
	}
	r, err := build(*tplPath, strings.Split(*usage, ","), *reasons)
	if err != nil {
		_, _ = fmt.Fprintf(stderr, "iamreport: %v\n", err)
		return 2
	}
	w := stdout
	if *out != "" {
		f, err := os.Create(filepath.Clean(*out))
		if err != nil {
			_, _ = fmt.Fprintf(stderr, "iamreport: %v\n", err)
			return 2
		}
		defer func() { _ = f.Close() }()
		w = f
	}
	if err := r.writeMarkdown(w); err != nil {
		_, _ = fmt.Fprintf(stderr, "iamreport: %v\n", err)
		return 2
	}
	if *check {
		if problems := r.problems(); len(problems) > 0 {
			_, _ = fmt.Fprintf(stderr, "iamreport: %d problems:\n", len(problems))
			for _, p := range problems {
				_, _ = fmt.Fprintf(stderr, "  %s\n", p)
			}
			return 1
		}
		_, _ = fmt.Fprintf(stderr, "iamreport: every granted permission is used or has a reason; no call was denied\n")
	}
	return 0
}

func build(tplPath string, usageFiles []string, reasonsPath string) (*report, error) {
	tpl, err := samtpl.Load(tplPath, samtpl.Options{
		Parameters: map[string]string{"Stage": localStage}, AccountID: localAccount, Region: localRegion,
	})
	if err != nil {
		return nil, err
	}
	var pt *samtpl.PolicyTemplates
	if root, err := samtpl.ModuleRoot(filepath.Dir(tplPath)); err == nil {
		if path, err := samtpl.FindPolicyTemplates(root); err == nil {
			if pt, err = samtpl.LoadPolicyTemplates(path); err != nil {
				return nil, err
			}
		}
	}
	var u iam.Usage
	for _, f := range usageFiles {
		one, err := iam.ReadUsage(strings.TrimSpace(f))
		if err != nil {
			return nil, err
		}
		u = u.Merge(one)
	}
	reasons, err := readReasons(reasonsPath)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	return newReport(tpl, pt, u, reasons)
}
