package samtpl

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// TemplateFile is the template's file name at the module root.
const TemplateFile = "template.yaml"

// ModuleRoot walks up from dir (the working directory when dir is empty)
// to the first directory holding go.mod. Tests use it to find the real
// template.yaml wherever `go test` runs them.
func ModuleRoot(dir string) (string, error) {
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return "", fmt.Errorf("samtpl: %w", err)
		}
		dir = wd
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("samtpl: %w", err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		} else if !errors.Is(err, os.ErrNotExist) {
			return "", fmt.Errorf("samtpl: %w", err)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("samtpl: no go.mod above the working directory")
		}
		dir = parent
	}
}

// LoadDefault loads TemplateFile from the module root above the working
// directory.
func LoadDefault(opts Options) (*Template, error) {
	root, err := ModuleRoot("")
	if err != nil {
		return nil, err
	}
	return Load(filepath.Join(root, TemplateFile), opts)
}
