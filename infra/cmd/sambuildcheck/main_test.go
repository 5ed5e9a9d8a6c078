package main

import (
	"archive/zip"
	"bytes"
	"context"
	"debug/elf"
	"encoding/binary"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestArchitecture(t *testing.T) {
	tests := []struct {
		archs       []string
		wantGoarch  string
		wantMachine elf.Machine
		wantErr     bool
	}{
		{[]string{"arm64"}, "arm64", elf.EM_AARCH64, false},
		{[]string{"x86_64"}, "amd64", elf.EM_X86_64, false},
		{nil, "amd64", elf.EM_X86_64, false}, // SAM's default
		{[]string{"arm64", "x86_64"}, "", 0, true},
		{[]string{"riscv64"}, "", 0, true},
	}
	for _, tc := range tests {
		goarch, machine, err := architecture(tc.archs)
		if goarch != tc.wantGoarch || machine != tc.wantMachine || (err != nil) != tc.wantErr {
			t.Errorf("architecture(%v) = %q, %v, %v; want %q, %v, error %v", tc.archs, goarch, machine, err, tc.wantGoarch, tc.wantMachine, tc.wantErr)
		}
	}
}

func TestGoPackage(t *testing.T) {
	tests := []struct {
		codeURI, want string
		wantErr       bool
	}{
		{"functions/contact-us", "./functions/contact-us", false},
		{"functions/contact-us/", "./functions/contact-us", false},
		{"./functions/x/../y", "./functions/y", false},
		{"", "", true},
		{"/abs/functions/x", "", true},
		{"s3://bucket/code.zip", "", true},
		{"../elsewhere", "", true},
	}
	for _, tc := range tests {
		got, err := goPackage(tc.codeURI)
		if got != tc.want || (err != nil) != tc.wantErr {
			t.Errorf("goPackage(%q) = %q, %v; want %q, error %v", tc.codeURI, got, err, tc.want, tc.wantErr)
		}
	}
}

// writeELF writes a minimal 64-bit ELF header for machine with one program
// header per given type.
func writeELF(t *testing.T, machine elf.Machine, progs ...elf.ProgType) string {
	t.Helper()
	h := elf.Header64{
		Type:      uint16(elf.ET_EXEC),
		Machine:   uint16(machine),
		Version:   uint32(elf.EV_CURRENT),
		Phoff:     64,
		Ehsize:    64,
		Phentsize: 56,
		Phnum:     uint16(len(progs)),
	}
	copy(h.Ident[:], elf.ELFMAG)
	h.Ident[elf.EI_CLASS] = byte(elf.ELFCLASS64)
	h.Ident[elf.EI_DATA] = byte(elf.ELFDATA2LSB)
	h.Ident[elf.EI_VERSION] = byte(elf.EV_CURRENT)
	var buf bytes.Buffer
	if err := binary.Write(&buf, binary.LittleEndian, h); err != nil {
		t.Fatal(err)
	}
	for _, p := range progs {
		if err := binary.Write(&buf, binary.LittleEndian, elf.Prog64{Type: uint32(p)}); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(t.TempDir(), "bootstrap")
	if err := os.WriteFile(path, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestCheckELF(t *testing.T) {
	text := filepath.Join(t.TempDir(), "bootstrap")
	if err := os.WriteFile(text, []byte("#!/bin/sh\necho hi\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		path    string
		machine elf.Machine
		want    string // substring of the problem; "" for none
	}{
		{"static arm64", writeELF(t, elf.EM_AARCH64, elf.PT_LOAD), elf.EM_AARCH64, ""},
		{"static x86_64", writeELF(t, elf.EM_X86_64, elf.PT_LOAD), elf.EM_X86_64, ""},
		{"wrong architecture", writeELF(t, elf.EM_X86_64, elf.PT_LOAD), elf.EM_AARCH64, "built for EM_X86_64, the template wants EM_AARCH64"},
		{"dynamic", writeELF(t, elf.EM_AARCH64, elf.PT_INTERP, elf.PT_LOAD), elf.EM_AARCH64, "dynamically linked"},
		{"script", text, elf.EM_AARCH64, "is not an ELF executable"},
	}
	for _, tc := range tests {
		got := checkELF(tc.path, tc.machine)
		if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestWriteZip(t *testing.T) {
	dir := t.TempDir()
	files := map[string]fs.FileMode{"bootstrap": 0o755, "data/notes.txt": 0o644}
	for name, mode := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, bytes.Repeat([]byte(name), 1000), mode); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(path, mode); err != nil { // whatever the umask
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if err := writeZip(&buf, dir); err != nil {
		t.Fatal(err)
	}
	size, err := zipSize(dir)
	if err != nil {
		t.Fatal(err)
	}
	if size != int64(buf.Len()) {
		t.Errorf("got zipSize %d, want %d", size, buf.Len())
	}
	zr, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		t.Fatal(err)
	}
	if len(zr.File) != len(files) {
		t.Fatalf("got %d entries, want %d", len(zr.File), len(files))
	}
	for _, f := range zr.File {
		mode, ok := files[f.Name]
		if !ok {
			t.Errorf("unexpected entry %q", f.Name)
			continue
		}
		if f.Method != zip.Deflate {
			t.Errorf("%s: got method %d, want deflate", f.Name, f.Method)
		}
		if f.Mode().Perm() != mode {
			t.Errorf("%s: got mode %v, want %v", f.Name, f.Mode().Perm(), mode)
		}
		if f.CompressedSize64 >= f.UncompressedSize64 {
			t.Errorf("%s: got %d compressed bytes for %d, want fewer", f.Name, f.CompressedSize64, f.UncompressedSize64)
		}
	}
}

const testTemplate = `Transform: AWS::Serverless-2016-10-31
Parameters:
  Stage:
    Type: String
    Default: dev
Resources:
  HelloFunction:
    Type: AWS::Serverless::Function
    Metadata:
      BuildMethod: go1.x
    Properties:
      CodeUri: functions/hello
      Handler: bootstrap
      Runtime: provided.al2023
      Architectures: [arm64]
  HelloAmdFunction:
    Type: AWS::Serverless::Function
    Metadata:
      BuildMethod: go1.x
    Properties:
      CodeUri: functions/hello
      Handler: bootstrap
      Runtime: provided.al2023
  OtherHelloFunction:
    Type: AWS::Serverless::Function
    Metadata:
      BuildMethod: go1.x
    Properties:
      CodeUri: other/hello
      Handler: bootstrap
      Runtime: provided.al2023
      Architectures: [arm64]
`

const (
	helloSource = "package main\n\nfunc main() { println(\"hello\") }\n"
	otherSource = "package main\n\nfunc main() { println(\"other\") }\n"
)

// TestRun builds a small module as sam build would (one package for arm64
// and x86_64, one more whose folder has the same name), then breaks the build
// folder or the code in one way per case.
func TestRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds Go binaries")
	}
	ctx := context.Background()
	module := t.TempDir()
	source := filepath.Join(module, "functions", "hello", "main.go")
	for name, content := range map[string]string{
		"go.mod":              "module example.com/hello\n\ngo 1.24\n",
		"template.yaml":       testTemplate,
		source:                helloSource,
		"other/hello/main.go": otherSource,
	} {
		path := name
		if !filepath.IsAbs(path) {
			path = filepath.Join(module, name)
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	// The binaries sam build makes, once: each case copies them.
	pristine := t.TempDir()
	build := func(goarch, goflags, out string) {
		t.Helper()
		if b, err := goBuild(ctx, module, goarch, goflags, out, "./functions/hello"); err != nil {
			t.Fatalf("%v: %s", err, b)
		}
	}
	build("arm64", DefaultGoFlags, filepath.Join(pristine, "arm64"))
	build("amd64", DefaultGoFlags, filepath.Join(pristine, "amd64"))
	build("arm64", "-trimpath -tags=lambda.norpc,nodynamic -buildvcs=false", filepath.Join(pristine, "arm64-unstripped"))
	if b, err := goBuild(ctx, module, "arm64", DefaultGoFlags, filepath.Join(pristine, "other"), "./other/hello"); err != nil {
		t.Fatalf("%v: %s", err, b)
	}

	install := func(t *testing.T, buildDir, id, binary string) string {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(pristine, binary))
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(buildDir, id, "bootstrap")
		if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b, 0o700); err != nil { //nolint:gosec // G306: an executable
			t.Fatal(err)
		}
		return path
	}

	tests := []struct {
		name     string
		breakIt  func(t *testing.T, buildDir string)
		wantCode int
		want     []string // lines of stderr, in order
	}{
		{"current", func(*testing.T, string) {}, 0, nil},
		{"shared code changed", func(t *testing.T, _ string) {
			if err := os.WriteFile(source, []byte(strings.Replace(helloSource, "hello", "hello, world", 1)), 0o600); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = os.WriteFile(source, []byte(helloSource), 0o600) })
		}, 1, []string{
			"HelloAmdFunction: stale: {dir}/HelloAmdFunction/bootstrap differs from a fresh build of ./functions/hello",
			"HelloFunction: stale: {dir}/HelloFunction/bootstrap differs from a fresh build of ./functions/hello",
		}},
		{"does not compile", func(t *testing.T, _ string) {
			if err := os.WriteFile(source, []byte(strings.Replace(helloSource, "println", "printline", 1)), 0o600); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = os.WriteFile(source, []byte(helloSource), 0o600) })
		}, 1, []string{
			"HelloAmdFunction: a fresh build of ./functions/hello fails: # example.com/hello/functions/hello; functions/hello/main.go:3:15: undefined: printline",
			"HelloFunction: a fresh build of ./functions/hello fails: # example.com/hello/functions/hello; functions/hello/main.go:3:15: undefined: printline",
		}},
		{"not built", func(t *testing.T, dir string) {
			if err := os.RemoveAll(filepath.Join(dir, "HelloFunction")); err != nil {
				t.Fatal(err)
			}
		}, 1, []string{"HelloFunction: not built: {dir}/HelloFunction/bootstrap does not exist"}},
		{"not executable", func(t *testing.T, dir string) {
			if err := os.Chmod(filepath.Join(dir, "HelloFunction", "bootstrap"), 0o600); err != nil {
				t.Fatal(err)
			}
		}, 1, []string{"HelloFunction: {dir}/HelloFunction/bootstrap is not executable (mode -rw-------)"}},
		{"wrong architecture", func(t *testing.T, dir string) {
			install(t, dir, "HelloAmdFunction", "arm64")
		}, 1, []string{"HelloAmdFunction: {dir}/HelloAmdFunction/bootstrap is built for EM_AARCH64, the template wants EM_X86_64"}},
		{"other flags", func(t *testing.T, dir string) {
			install(t, dir, "HelloFunction", "arm64-unstripped")
		}, 1, []string{"HelloFunction: {dir}/HelloFunction/bootstrap was built differently from a fresh build of ./functions/hello (has a symbol table (not built with -ldflags=-s))"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			install(t, dir, "HelloFunction", "arm64")
			install(t, dir, "HelloAmdFunction", "amd64")
			install(t, dir, "OtherHelloFunction", "other")
			tc.breakIt(t, dir)
			var stdout, stderr bytes.Buffer
			code := run(ctx, []string{"-template", filepath.Join(module, "template.yaml"), "-build-dir", dir}, &stdout, &stderr)
			if code != tc.wantCode {
				t.Errorf("got exit code %d, want %d; stderr:\n%s", code, tc.wantCode, &stderr)
			}
			var want []string
			for _, l := range tc.want {
				want = append(want, "sambuildcheck: "+strings.ReplaceAll(l, "{dir}", dir))
			}
			if got := strings.TrimSpace(stderr.String()); got != strings.Join(want, "\n") {
				t.Errorf("got stderr\n%s\nwant\n%s", got, strings.Join(want, "\n"))
			}
			if !strings.Contains(stdout.String(), "HelloFunction") || !strings.Contains(stdout.String(), "total (3)") {
				t.Errorf("got stdout\n%s\nwant a table of the three functions", &stdout)
			}
		})
	}
}

func TestRunSetupErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-template", filepath.Join(t.TempDir(), "missing.yaml")}, "missing.yaml"},
		{[]string{"-no-such-flag"}, "flag provided but not defined"},
	}
	for _, tc := range tests {
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), tc.args, &stdout, &stderr); code != 2 {
			t.Errorf("%v: got exit code %d, want 2", tc.args, code)
		}
		if !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%v: got stderr %q, want it to contain %q", tc.args, &stderr, tc.want)
		}
	}
}
