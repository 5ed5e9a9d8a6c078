package samtpl

import (
	"fmt"
	"strings"
)

// S3Notification is a function's S3 event: the bucket invokes the
// function, asynchronously, for each event it names on a key the filter
// accepts.
type S3Notification struct {
	// Function is the function's logical id; Event the event's name.
	Function string
	Event    string
	// Bucket is the bucket's physical name (the event's Bucket: !Ref X).
	Bucket string
	// Events are the S3 event types as written, e.g. "s3:ObjectCreated:*".
	Events []string
	// Prefix and Suffix are the key filter's rules; empty accepts any key.
	Prefix, Suffix string
}

// S3Notifications returns every Type: S3 event of the template's
// functions, in function then event order. An event without Bucket or
// Events, or with a filter rule other than prefix or suffix, is an error.
func (t *Template) S3Notifications() ([]S3Notification, error) {
	var out []S3Notification
	for _, fn := range t.Functions {
		for _, ev := range fn.Events {
			if ev.Type != "S3" {
				continue
			}
			n, err := s3Notification(fn.LogicalID, ev)
			if err != nil {
				return nil, fmt.Errorf("samtpl: %s event %s: %w", fn.LogicalID, ev.Name, err)
			}
			out = append(out, n)
		}
	}
	return out, nil
}

func s3Notification(function string, ev Event) (S3Notification, error) {
	var p struct {
		Bucket string `yaml:"Bucket"`
		Events any    `yaml:"Events"`
		Filter struct {
			S3Key struct {
				Rules []struct {
					Name  string `yaml:"Name"`
					Value string `yaml:"Value"`
				} `yaml:"Rules"`
			} `yaml:"S3Key"`
		} `yaml:"Filter"`
	}
	if err := decodeValue(ev.Properties, &p); err != nil {
		return S3Notification{}, err
	}
	n := S3Notification{Function: function, Event: ev.Name, Bucket: p.Bucket}
	if n.Bucket == "" {
		return S3Notification{}, fmt.Errorf("S3 event without Bucket")
	}
	switch e := p.Events.(type) {
	case string:
		n.Events = []string{e}
	case []any:
		for _, v := range e {
			s, ok := v.(string)
			if !ok {
				return S3Notification{}, fmt.Errorf("property Events: want strings, got %T", v)
			}
			n.Events = append(n.Events, s)
		}
	}
	if len(n.Events) == 0 {
		return S3Notification{}, fmt.Errorf("S3 event without Events")
	}
	for _, e := range n.Events {
		if !strings.HasPrefix(e, "s3:") {
			return S3Notification{}, fmt.Errorf("event type %q: want an s3 event type (s3:Kind:Name)", e)
		}
	}
	for _, rule := range p.Filter.S3Key.Rules {
		switch strings.ToLower(rule.Name) { // S3 accepts either case
		case "prefix":
			n.Prefix = rule.Value
		case "suffix":
			n.Suffix = rule.Value
		default:
			return S3Notification{}, fmt.Errorf("filter rule %q: want prefix or suffix", rule.Name)
		}
	}
	return n, nil
}

// Matches reports whether the notification fires for an event named
// eventName ("ObjectCreated:Put", as in an S3 event record) on key of
// bucket. A type ending in ":*" matches every event of its kind.
func (n S3Notification) Matches(bucket, key, eventName string) bool {
	if bucket != n.Bucket || !strings.HasPrefix(key, n.Prefix) || !strings.HasSuffix(key, n.Suffix) {
		return false
	}
	for _, e := range n.Events {
		e = strings.TrimPrefix(e, "s3:")
		if kind, ok := strings.CutSuffix(e, "*"); ok {
			if strings.HasPrefix(eventName, kind) {
				return true
			}
		} else if e == eventName {
			return true
		}
	}
	return false
}
