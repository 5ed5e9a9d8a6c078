package seed

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"
)

// Environment variables and flags that name the CSV files; used in error
// messages so a missing file says how to point at it.
const (
	EnvLocalitiesCSV = "REMAT_LOCALITIES_CSV"
	EnvCantonsCSV    = "REMAT_CANTONS_CSV"
)

// MissingFileError reports a CSV file that does not exist.
type MissingFileError struct {
	Dataset string
	Path    string
	Flag    string
	Env     string
}

func (e *MissingFileError) Error() string {
	return fmt.Sprintf("seed: %s CSV not found at %s: set the -%s flag or %s to its path (the data lives beside the checkout, in ../shared/data/; it is never committed)",
		e.Dataset, e.Path, e.Flag, e.Env)
}

// Canton is one row of the cantons CSV.
type Canton struct {
	Code     string
	Names    map[string]string // de, fr, it, en; sq falls back to en
	Lat, Lon float64
}

// Locality is one row of the localities CSV.
type Locality struct {
	PostalCode string
	Name       string
	Canton     string
	Lat, Lon   float64
}

// ReadCantons reads a CSV with header code,name_de,name_fr,name_it,name_en,lat,lon
// (any column order). It returns the rows and the file's bytes for hashing.
func ReadCantons(path string) ([]Canton, []byte, error) {
	data, rows, err := readCSV(path, DatasetCantons, "cantons", EnvCantonsCSV,
		[]string{"code", "name_de", "name_fr", "name_it", "name_en", "lat", "lon"})
	if err != nil {
		return nil, nil, err
	}
	out := make([]Canton, 0, len(rows))
	for _, r := range rows {
		lat, lon, err := latLon(r)
		if err != nil {
			return nil, nil, fmt.Errorf("seed: %s: %w", path, err)
		}
		code := strings.ToUpper(r.get("code"))
		if code == "" {
			return nil, nil, fmt.Errorf("seed: %s: line %d: empty code", path, r.line)
		}
		en := r.get("name_en")
		out = append(out, Canton{
			Code:  code,
			Names: map[string]string{"de": r.get("name_de"), "fr": r.get("name_fr"), "it": r.get("name_it"), "en": en, "sq": en},
			Lat:   lat, Lon: lon,
		})
	}
	return out, data, nil
}

// ReadLocalities reads a CSV with header postal_code,locality,canton,lat,lon
// (any column order). It returns the rows and the file's bytes for hashing.
func ReadLocalities(path string) ([]Locality, []byte, error) {
	data, rows, err := readCSV(path, DatasetLocalities, "localities", EnvLocalitiesCSV,
		[]string{"postal_code", "locality", "canton", "lat", "lon"})
	if err != nil {
		return nil, nil, err
	}
	out := make([]Locality, 0, len(rows))
	for _, r := range rows {
		lat, lon, err := latLon(r)
		if err != nil {
			return nil, nil, fmt.Errorf("seed: %s: %w", path, err)
		}
		l := Locality{PostalCode: r.get("postal_code"), Name: r.get("locality"), Canton: strings.ToUpper(r.get("canton")), Lat: lat, Lon: lon}
		if l.PostalCode == "" || NormalizeName(l.Name) == "" || l.Canton == "" {
			return nil, nil, fmt.Errorf("seed: %s: line %d: postal_code, locality and canton are required", path, r.line)
		}
		out = append(out, l)
	}
	return out, data, nil
}

type csvRow struct {
	line   int
	cols   map[string]int
	fields []string
}

func (r csvRow) get(name string) string { return strings.TrimSpace(r.fields[r.cols[name]]) }

func latLon(r csvRow) (float64, float64, error) {
	lat, err := strconv.ParseFloat(r.get("lat"), 64)
	if err != nil || lat < -90 || lat > 90 {
		return 0, 0, fmt.Errorf("line %d: invalid lat %q", r.line, r.get("lat"))
	}
	lon, err := strconv.ParseFloat(r.get("lon"), 64)
	if err != nil || lon < -180 || lon > 180 {
		return 0, 0, fmt.Errorf("line %d: invalid lon %q", r.line, r.get("lon"))
	}
	return lat, lon, nil
}

func readCSV(path, dataset, flag, env string, required []string) ([]byte, []csvRow, error) {
	data, err := os.ReadFile(path) //nolint:gosec // G304: the CSV path is the operator's choice
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, &MissingFileError{Dataset: dataset, Path: path, Flag: flag, Env: env}
	}
	if err != nil {
		return nil, nil, fmt.Errorf("seed: %w", err)
	}
	cr := csv.NewReader(strings.NewReader(strings.TrimPrefix(string(data), "\ufeff")))
	cr.FieldsPerRecord = -1
	header, err := cr.Read()
	if err != nil {
		return nil, nil, fmt.Errorf("seed: %s: header: %w", path, err)
	}
	cols := map[string]int{}
	for i, h := range header {
		cols[strings.ToLower(strings.TrimSpace(h))] = i
	}
	for _, name := range required {
		if _, ok := cols[name]; !ok {
			return nil, nil, fmt.Errorf("seed: %s: header lacks column %q (want %s)", path, name, strings.Join(required, ","))
		}
	}
	var rows []csvRow
	for {
		fields, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, nil, fmt.Errorf("seed: %s: %w", path, err)
		}
		line, _ := cr.FieldPos(0)
		if len(fields) != len(header) {
			return nil, nil, fmt.Errorf("seed: %s: line %d: %d fields, header has %d", path, line, len(fields), len(header))
		}
		rows = append(rows, csvRow{line: line, cols: cols, fields: fields})
	}
	return data, rows, nil
}
