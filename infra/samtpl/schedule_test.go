package samtpl

import (
	"testing"
	"time"
)

func TestParseRate(t *testing.T) {
	tests := []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"rate(1 hour)", time.Hour, true},
		{"rate(5 minutes)", 5 * time.Minute, true},
		{"rate(2 days)", 48 * time.Hour, true},
		{"rate(1 hours)", 0, false},
		{"rate(2 hour)", 0, false},
		{"rate(0 minutes)", 0, false},
		{"rate(1 week)", 0, false},
		{"rate(hour)", 0, false},
		{"cron(0 3 * * ? *)", 0, false},
	}
	for _, tt := range tests {
		got, err := ParseRate(tt.in)
		if got != tt.want || (err == nil) != tt.ok {
			t.Errorf("ParseRate(%q): got %v, %v, want %v (ok %v)", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

func TestSchedules(t *testing.T) {
	tpl, err := Parse([]byte(`
Resources:
  Every:
    Type: AWS::Serverless::Function
    Properties:
      CodeUri: functions/a/
      Handler: bootstrap
      Events:
        Hourly:
          Type: Schedule
          Properties:
            Schedule: rate(1 hour)
        Nightly:
          Type: Schedule
          Properties:
            Schedule: cron(0 3 * * ? *)
            Enabled: false
`), Options{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := tpl.Schedules()
	if err != nil {
		t.Fatal(err)
	}
	want := []Schedule{
		{Function: "Every", Event: "Hourly", Expression: "rate(1 hour)", Every: time.Hour, Enabled: true},
		{Function: "Every", Event: "Nightly", Expression: "cron(0 3 * * ? *)", Enabled: false},
	}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("got %+v, want %+v", got, want)
	}
}
