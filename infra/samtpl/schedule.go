package samtpl

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Schedule is a function's EventBridge Schedule event.
type Schedule struct {
	// Function is the function's logical id; Event the event's name.
	Function string
	Event    string
	// Expression is the Schedule property as written: "rate(1 hour)" or
	// "cron(0 3 * * ? *)".
	Expression string
	// Every is the period of a rate expression; 0 for cron, which the local
	// cloud does not time (it runs cron schedules on demand only).
	Every time.Duration
	// Enabled is false when the event sets Enabled: false (or State:
	// DISABLED).
	Enabled bool
}

// Schedules returns every Type: Schedule event of the template's
// functions, in function then event order. A rate expression that does
// not parse is an error; so is a Schedule event without Schedule.
func (t *Template) Schedules() ([]Schedule, error) {
	var out []Schedule
	for _, fn := range t.Functions {
		for _, ev := range fn.Events {
			if ev.Type != "Schedule" {
				continue
			}
			expr, _ := ev.Properties["Schedule"].(string)
			if expr == "" {
				return nil, fmt.Errorf("samtpl: %s event %s: Schedule event without Schedule", fn.LogicalID, ev.Name)
			}
			s := Schedule{Function: fn.LogicalID, Event: ev.Name, Expression: expr, Enabled: true}
			if b, ok := ev.Properties["Enabled"].(bool); ok && !b {
				s.Enabled = false
			}
			if st, ok := ev.Properties["State"].(string); ok && st == "DISABLED" {
				s.Enabled = false
			}
			if strings.HasPrefix(expr, "rate(") {
				d, err := ParseRate(expr)
				if err != nil {
					return nil, fmt.Errorf("samtpl: %s event %s: %w", fn.LogicalID, ev.Name, err)
				}
				s.Every = d
			} else if !strings.HasPrefix(expr, "cron(") || !strings.HasSuffix(expr, ")") {
				return nil, fmt.Errorf("samtpl: %s event %s: schedule %q is neither rate(...) nor cron(...)", fn.LogicalID, ev.Name, expr)
			}
			out = append(out, s)
		}
	}
	return out, nil
}

// ParseRate parses an EventBridge rate expression, "rate(N unit)" with
// unit minute(s), hour(s) or day(s) (singular exactly when N is 1, as
// EventBridge requires).
func ParseRate(expr string) (time.Duration, error) {
	inner, okPrefix := strings.CutPrefix(expr, "rate(")
	inner, okSuffix := strings.CutSuffix(inner, ")")
	if !okPrefix || !okSuffix {
		return 0, fmt.Errorf("rate %q: want rate(N unit)", expr)
	}
	fields := strings.Fields(inner)
	if len(fields) != 2 {
		return 0, fmt.Errorf("rate %q: want rate(N unit)", expr)
	}
	n, err := strconv.Atoi(fields[0])
	if err != nil || n < 1 {
		return 0, fmt.Errorf("rate %q: N must be a positive integer", expr)
	}
	unit := fields[1]
	if n == 1 && strings.HasSuffix(unit, "s") || n > 1 && !strings.HasSuffix(unit, "s") {
		return 0, fmt.Errorf("rate %q: unit must be singular for 1 and plural otherwise", expr)
	}
	switch strings.TrimSuffix(unit, "s") {
	case "minute":
		return time.Duration(n) * time.Minute, nil
	case "hour":
		return time.Duration(n) * time.Hour, nil
	case "day":
		return time.Duration(n) * 24 * time.Hour, nil
	}
	return 0, fmt.Errorf("rate %q: unit must be minute(s), hour(s) or day(s)", expr)
}
