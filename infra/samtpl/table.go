package samtpl

import (
	"cmp"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Table is an AWS::DynamoDB::Table.
type Table struct {
	LogicalID string
	// Name is the resolved TableName, else the logical id.
	Name                   string
	AttributeDefinitions   []AttributeDefinition
	KeySchema              []KeyElement
	GlobalSecondaryIndexes []Index
	LocalSecondaryIndexes  []Index
	// TTLAttribute is the TimeToLiveSpecification attribute when enabled,
	// else empty.
	TTLAttribute string
	// StreamViewType is StreamSpecification.StreamViewType, or empty.
	StreamViewType string
}

// AttributeDefinition is a key attribute and its type (S, N or B).
type AttributeDefinition struct {
	Name string
	Type string
}

// KeyElement is one part of a key schema; KeyType is HASH or RANGE.
type KeyElement struct {
	Name    string
	KeyType string
}

// Index is a secondary index with its projection.
type Index struct {
	Name             string
	KeySchema        []KeyElement
	ProjectionType   string // ALL, KEYS_ONLY or INCLUDE
	NonKeyAttributes []string
}

type tableProps struct {
	TableName            string `yaml:"TableName"`
	AttributeDefinitions []struct {
		AttributeName string `yaml:"AttributeName"`
		AttributeType string `yaml:"AttributeType"`
	} `yaml:"AttributeDefinitions"`
	KeySchema               []keyProps   `yaml:"KeySchema"`
	GlobalSecondaryIndexes  []indexProps `yaml:"GlobalSecondaryIndexes"`
	LocalSecondaryIndexes   []indexProps `yaml:"LocalSecondaryIndexes"`
	TimeToLiveSpecification struct {
		AttributeName string `yaml:"AttributeName"`
		Enabled       any    `yaml:"Enabled"`
	} `yaml:"TimeToLiveSpecification"`
	StreamSpecification struct {
		StreamViewType string `yaml:"StreamViewType"`
	} `yaml:"StreamSpecification"`
}

type keyProps struct {
	AttributeName string `yaml:"AttributeName"`
	KeyType       string `yaml:"KeyType"`
}

type indexProps struct {
	IndexName  string     `yaml:"IndexName"`
	KeySchema  []keyProps `yaml:"KeySchema"`
	Projection struct {
		ProjectionType   string   `yaml:"ProjectionType"`
		NonKeyAttributes []string `yaml:"NonKeyAttributes"`
	} `yaml:"Projection"`
}

func buildTable(id string, props map[string]any) (Table, error) {
	var p tableProps
	if err := decodeValue(props, &p); err != nil {
		return Table{}, err
	}
	t := Table{
		LogicalID:      id,
		Name:           cmp.Or(p.TableName, id),
		StreamViewType: p.StreamSpecification.StreamViewType,
	}
	if scalarString(p.TimeToLiveSpecification.Enabled) == "true" {
		t.TTLAttribute = p.TimeToLiveSpecification.AttributeName
	}
	for _, a := range p.AttributeDefinitions {
		t.AttributeDefinitions = append(t.AttributeDefinitions, AttributeDefinition{Name: a.AttributeName, Type: a.AttributeType})
	}
	t.KeySchema = keyElements(p.KeySchema)
	if len(t.KeySchema) == 0 {
		return Table{}, fmt.Errorf("table %s has no KeySchema", id)
	}
	for _, ix := range p.GlobalSecondaryIndexes {
		t.GlobalSecondaryIndexes = append(t.GlobalSecondaryIndexes, index(ix))
	}
	for _, ix := range p.LocalSecondaryIndexes {
		t.LocalSecondaryIndexes = append(t.LocalSecondaryIndexes, index(ix))
	}
	return t, nil
}

func keyElements(ks []keyProps) []KeyElement {
	out := make([]KeyElement, len(ks))
	for i, k := range ks {
		out[i] = KeyElement{Name: k.AttributeName, KeyType: k.KeyType}
	}
	return out
}

func index(ix indexProps) Index {
	return Index{
		Name:             ix.IndexName,
		KeySchema:        keyElements(ix.KeySchema),
		ProjectionType:   cmp.Or(ix.Projection.ProjectionType, "KEYS_ONLY"),
		NonKeyAttributes: ix.Projection.NonKeyAttributes,
	}
}

// CreateTableInput returns the CreateTable request for this table: the same
// attributes, key schema, indexes and projections, billed PAY_PER_REQUEST,
// with a stream when the template declares one. TTL is not part of
// CreateTable; enable it afterwards with UpdateTimeToLive (TTLAttribute).
func (t Table) CreateTableInput() *dynamodb.CreateTableInput {
	in := &dynamodb.CreateTableInput{
		TableName:   aws.String(t.Name),
		BillingMode: types.BillingModePayPerRequest,
		KeySchema:   sdkKeySchema(t.KeySchema),
	}
	for _, a := range t.AttributeDefinitions {
		in.AttributeDefinitions = append(in.AttributeDefinitions, types.AttributeDefinition{
			AttributeName: aws.String(a.Name),
			AttributeType: types.ScalarAttributeType(a.Type),
		})
	}
	for _, ix := range t.GlobalSecondaryIndexes {
		in.GlobalSecondaryIndexes = append(in.GlobalSecondaryIndexes, types.GlobalSecondaryIndex{
			IndexName:  aws.String(ix.Name),
			KeySchema:  sdkKeySchema(ix.KeySchema),
			Projection: sdkProjection(ix),
		})
	}
	for _, ix := range t.LocalSecondaryIndexes {
		in.LocalSecondaryIndexes = append(in.LocalSecondaryIndexes, types.LocalSecondaryIndex{
			IndexName:  aws.String(ix.Name),
			KeySchema:  sdkKeySchema(ix.KeySchema),
			Projection: sdkProjection(ix),
		})
	}
	if t.StreamViewType != "" {
		in.StreamSpecification = &types.StreamSpecification{
			StreamEnabled:  aws.Bool(true),
			StreamViewType: types.StreamViewType(t.StreamViewType),
		}
	}
	return in
}

// WithName returns a copy of the table under another physical name (tests
// create one fresh table per test from the template's definition).
func (t Table) WithName(name string) Table {
	t.Name = name
	return t
}

func sdkKeySchema(ks []KeyElement) []types.KeySchemaElement {
	out := make([]types.KeySchemaElement, len(ks))
	for i, k := range ks {
		out[i] = types.KeySchemaElement{AttributeName: aws.String(k.Name), KeyType: types.KeyType(k.KeyType)}
	}
	return out
}

func sdkProjection(ix Index) *types.Projection {
	p := &types.Projection{ProjectionType: types.ProjectionType(ix.ProjectionType)}
	if len(ix.NonKeyAttributes) > 0 {
		p.NonKeyAttributes = append([]string(nil), ix.NonKeyAttributes...)
	}
	return p
}
