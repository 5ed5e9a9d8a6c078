package input

import "testing"

func TestEmail(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"a@example.ch", true},
		{"anna.muster+bau@sub.example.ch", true},
		{"", false},
		{"no-at.example.ch", false},
		{"Anna <a@example.ch>", false},
		{" a@example.ch", false},
		{"a@localhost", false},
		{"a@.example.ch", false},
		{"a@example.ch.", false},
		{"a@example..ch", false},
		{"a@[192.0.2.1]", false},
	}
	for _, tt := range tests {
		if got := Email(tt.in); got != tt.want {
			t.Errorf("Email(%q): got %v, want %v", tt.in, got, tt.want)
		}
	}
}
