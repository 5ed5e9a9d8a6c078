package samtpl

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"
)

// expandShortForm rewrites CloudFormation short-form tags in place:
// `!Ref X` becomes {Ref: X}, `!GetAtt A.B` becomes {Fn::GetAtt: [A, B]},
// `!Condition C` becomes {Condition: C} and any other `!Name v` becomes
// {Fn::Name: v}. Standard YAML tags (!!str, ...) are left alone.
func expandShortForm(n *yaml.Node) error {
	if n == nil {
		return nil
	}
	for _, c := range n.Content {
		if err := expandShortForm(c); err != nil {
			return err
		}
	}
	if n.Kind == yaml.AliasNode || !strings.HasPrefix(n.Tag, "!") || strings.HasPrefix(n.Tag, "!!") {
		return nil
	}
	name := strings.TrimPrefix(n.Tag, "!")
	if name == "" {
		return fmt.Errorf("line %d: empty tag", n.Line)
	}
	var key string
	switch name {
	case "Ref", "Condition":
		key = name
	default:
		key = "Fn::" + name
	}

	// The tagged value moves into a fresh node; n itself becomes the mapping.
	inner := *n
	switch inner.Kind {
	case yaml.ScalarNode:
		inner.Tag = "!!str"
		inner.Style &^= yaml.TaggedStyle
	case yaml.SequenceNode:
		inner.Tag = "!!seq"
	case yaml.MappingNode:
		inner.Tag = "!!map"
	}
	value := &inner
	if name == "GetAtt" && inner.Kind == yaml.ScalarNode {
		res, attr, ok := strings.Cut(inner.Value, ".")
		if !ok {
			return fmt.Errorf("line %d: !GetAtt %q: want Resource.Attribute", n.Line, inner.Value)
		}
		value = &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Line: n.Line, Column: n.Column, Content: []*yaml.Node{
			{Kind: yaml.ScalarNode, Tag: "!!str", Value: res, Line: n.Line, Column: n.Column},
			{Kind: yaml.ScalarNode, Tag: "!!str", Value: attr, Line: n.Line, Column: n.Column},
		}}
	}
	*n = yaml.Node{
		Kind:   yaml.MappingNode,
		Tag:    "!!map",
		Line:   inner.Line,
		Column: inner.Column,
		Content: []*yaml.Node{
			{Kind: yaml.ScalarNode, Tag: "!!str", Value: key, Line: inner.Line, Column: inner.Column},
			value,
		},
	}
	return nil
}
