package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/remat/remat/infra/ddblocal"
	"github.com/remat/remat/infra/samtpl"
)

// The steps of Start that stand on their own: the port, the data
// directory, DynamoDB, the template and what is read from it, and the
// ready file.

// listen opens the gateway's listener, refusing non-loopback addresses.
func listen(ctx context.Context, addr string) (net.Listener, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, configErrorf("invalid -addr %q: want 127.0.0.1:PORT", addr)
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return nil, configErrorf("-addr %s is not a loopback address: the local cloud only listens on 127.0.0.1 (pass -addr 127.0.0.1:%s)", addr, port)
	}
	ln, err := new(net.ListenConfig).Listen(ctx, "tcp", addr)
	if err != nil {
		if errors.Is(err, syscall.EADDRINUSE) {
			return nil, configErrorf("port %s is in use: stop the other process or pass -addr 127.0.0.1:PORT", port)
		}
		return nil, configErrorf("cannot listen on %s: %v", addr, err)
	}
	return ln, nil
}

// prepareData checks that the data directory is writable and returns the
// directory for function binaries; memory mode uses a temporary directory
// removed on Stop.
func (c *Cloud) prepareData(cfg Config) (string, error) {
	if cfg.Memory {
		tmp, err := os.MkdirTemp("", "remat-localcloud-")
		if err != nil {
			return "", fmt.Errorf("localcloud: temporary directory: %w", err)
		}
		c.onStop(func() error { return os.RemoveAll(tmp) })
		return filepath.Join(tmp, "bin"), nil
	}
	abs, err := filepath.Abs(cfg.DataDir)
	if err != nil {
		return "", configErrorf("data directory %s: %v", cfg.DataDir, err)
	}
	fix := "pass -data DIR (or REMAT_DATA_DIR) or fix its permissions"
	if err := os.MkdirAll(abs, 0o750); err != nil {
		return "", configErrorf("data directory %s is not writable (%v): %s", cfg.DataDir, unwrapPathError(err), fix)
	}
	probe, err := os.CreateTemp(abs, ".write-probe-*")
	if err != nil {
		return "", configErrorf("data directory %s is not writable (%v): %s", cfg.DataDir, unwrapPathError(err), fix)
	}
	_ = probe.Close()
	_ = os.Remove(probe.Name())
	c.DataDir = abs
	return filepath.Join(abs, "bin"), nil
}

// startDynamoDB launches DynamoDB Local (persisted under <data>/dynamodb,
// in memory in memory mode), or uses -dynamodb-endpoint. It returns the
// endpoint.
func (c *Cloud) startDynamoDB(ctx context.Context, cfg Config) (string, error) {
	if cfg.DynamoDBEndpoint != "" {
		return cfg.DynamoDBEndpoint, nil
	}
	opts := ddblocal.Options{Dir: cfg.DynamoDBLocalDir}
	if c.DataDir != "" {
		opts.DataDir = filepath.Join(c.DataDir, "dynamodb")
	}
	srv, err := ddblocal.Start(ctx, opts)
	if err != nil {
		var se *ddblocal.StartError
		switch {
		case errors.Is(err, ddblocal.ErrJavaMissing):
			return "", configErrorf("Java 17+ is needed to run DynamoDB Local and was not found: install it (apt-get install openjdk-17-jre-headless) or pass -dynamodb-endpoint URL")
		case errors.Is(err, ddblocal.ErrJarMissing):
			return "", configErrorf("DynamoDB Local is not installed in %s: run `make tools` (or pass -dynamodb-local DIR)", cmp.Or(cfg.DynamoDBLocalDir, ddblocal.DefaultDir))
		case errors.Is(err, ddblocal.ErrDataDir):
			return "", configErrorf("data directory %s is not writable: pass -data DIR or fix its permissions", opts.DataDir)
		case errors.As(err, &se) && ctx.Err() == nil:
			return "", configErrorf("DynamoDB Local did not start: %v", err)
		}
		return "", fmt.Errorf("localcloud: %w", err)
	}
	c.ddb = srv
	c.onStop(srv.Stop)
	go func() {
		<-srv.Done()
		c.fail(fmt.Errorf("localcloud: DynamoDB Local exited:\n%s", srv.Output()))
	}()
	return srv.Endpoint(), nil
}

// loadTemplate resolves the template as the local stage, with SiteUrl set
// to the gateway's own URL so the links in e-mails and the social sign-in
// redirects come back here. A template that does not declare SiteUrl yet
// is loaded without it.
func loadTemplate(path, siteURL string) (*samtpl.Template, error) {
	opts := samtpl.Options{
		Parameters: map[string]string{"Stage": stage, siteURLParam: siteURL},
		AccountID:  accountID, Region: region,
	}
	tpl, err := samtpl.Load(path, opts)
	if err != nil && strings.Contains(err.Error(), fmt.Sprintf("parameter override %q", siteURLParam)) {
		delete(opts.Parameters, siteURLParam)
		tpl, err = samtpl.Load(path, opts)
	}
	return tpl, err
}

// faultsPath is the dev endpoint of the fault table (faults.Table.Handler).
const faultsPath = "/_dev/faults"

// tableKeyAttributes names the key attributes (partition and sort key) of
// every table of the template, by table name, for the faults' keyPrefix.
func tableKeyAttributes(tpl *samtpl.Template) map[string][]string {
	out := map[string][]string{}
	for _, t := range tpl.Tables {
		for _, k := range t.KeySchema {
			out[t.Name] = append(out[t.Name], k.Name)
		}
	}
	return out
}

// siteURLParam is the template parameter holding the site's base URL.
const siteURLParam = "SiteUrl"

// ssmPrefix is the SSM path the functions read their secrets under.
func ssmPrefix(tpl *samtpl.Template) string {
	for _, fn := range tpl.Functions {
		if p := fn.Env["SSM_PREFIX"]; p != "" {
			return strings.TrimSuffix(p, "/")
		}
	}
	return "/remat/" + stage
}

// writeReadyFile writes the base URL atomically, so a script polling for
// the file never reads half of it.
func writeReadyFile(path, url string) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, []byte(url+"\n"), 0o600); err != nil {
		return configErrorf("cannot write the ready file %s: %v", path, unwrapPathError(err))
	}
	if err := os.Rename(tmp, path); err != nil {
		return configErrorf("cannot write the ready file %s: %v", path, unwrapPathError(err))
	}
	return nil
}

// unwrapPathError drops the operation and path of an *os.PathError, which
// the messages name already.
func unwrapPathError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func ignoreNotExist(err error) error {
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	return err
}
