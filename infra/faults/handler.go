package faults

import (
	"encoding/json"
	"io"
	"net/http"
)

// maxBodyBytes bounds a POSTed fault.
const maxBodyBytes = 16 << 10

// Handler serves the dev endpoint on one path (the local gateway mounts
// it at /_dev/faults):
//
//   - POST with a Fault as JSON (without id, hits, active) adds it: 201
//     with the stored fault; 400 naming what is wrong;
//   - GET lists every fault: 200 {"faults":[...]};
//   - DELETE clears them all: 200 {"cleared":n}; DELETE ?id=f1 clears one
//     (404 when there is none).
func (t *Table) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		switch r.Method {
		case http.MethodPost:
			var f Fault
			dec := json.NewDecoder(io.LimitReader(r.Body, maxBodyBytes))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&f); err != nil {
				writeJSON(w, http.StatusBadRequest, map[string]string{"error": "want a JSON fault {service, operation, principal, resource, keyPrefix, error, stallSeconds, count}: " + err.Error()})
				return
			}
			stored, err := t.Add(f)
			if err != nil {
				writeJSON(w, http.StatusBadRequest, map[string]string{"error": err.Error()})
				return
			}
			writeJSON(w, http.StatusCreated, stored)
		case http.MethodGet, http.MethodHead:
			writeJSON(w, http.StatusOK, map[string][]Fault{"faults": t.List()})
		case http.MethodDelete:
			if id := r.URL.Query().Get("id"); id != "" {
				if !t.Remove(id) {
					writeJSON(w, http.StatusNotFound, map[string]string{"error": "no fault " + id})
					return
				}
				writeJSON(w, http.StatusOK, map[string]int{"cleared": 1})
				return
			}
			writeJSON(w, http.StatusOK, map[string]int{"cleared": t.Clear()})
		default:
			w.Header().Set("Allow", "GET, HEAD, POST, DELETE")
			writeJSON(w, http.StatusMethodNotAllowed, map[string]string{"error": "method not allowed"})
		}
	})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	body, _ := json.Marshal(v)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(append(body, '\n'))
}
