package audit

import (
	"encoding/json"
	"unicode/utf8"
)

// FitTextRunes is how many characters Fit keeps of each text.
const FitTextRunes = 40

// Fit returns fields (a flat snapshot: field name -> value) unchanged when
// its JSON fits MaxSnapshotBytes; otherwise a copy whose texts longer than
// FitTextRunes are cut there (with "…") and that says so with "truncated":
// true. Callers recording long texts in five languages (plan descriptions,
// the notice banner) use it so that the change is still recorded whatever
// the texts hold.
func Fit(fields map[string]any) map[string]any {
	if b, err := json.Marshal(fields); err == nil && len(b) <= MaxSnapshotBytes {
		return fields
	}
	out := make(map[string]any, len(fields)+1)
	for k, v := range fields {
		if text, ok := v.(string); ok && utf8.RuneCountInString(text) > FitTextRunes {
			v = string([]rune(text)[:FitTextRunes]) + "…"
		}
		out[k] = v
	}
	out["truncated"] = true
	return out
}
