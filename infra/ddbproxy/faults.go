package ddbproxy

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"

	"github.com/remat/remat/infra/faults"
)

// WithFaults makes p consult ft for every authorized request before it is
// forwarded: a matching fault stalls it, answers DynamoDB's error instead,
// or drops it when the caller hangs up during the stall. keyAttrs names
// each table's key attributes (partition and sort key), which a fault's
// keyPrefix is matched against; for a table it does not name, every
// string attribute of an item counts. It returns p.
func (p *Proxy) WithFaults(ft *faults.Table, keyAttrs map[string][]string) *Proxy {
	p.faults, p.keyAttrs = ft, keyAttrs
	return p
}

// attrValue is the part of a DynamoDB JSON attribute value a key can be.
type attrValue struct {
	S *string `json:"S"`
	N *string `json:"N"`
}

type itemMap = map[string]attrValue

// touched is the part of a request body that names the items it reads
// or writes.
type touched struct {
	TableName                 string                     `json:"TableName"`
	Key                       itemMap                    `json:"Key"`
	Item                      itemMap                    `json:"Item"`
	ExpressionAttributeValues itemMap                    `json:"ExpressionAttributeValues"`
	RequestItems              map[string]json.RawMessage `json:"RequestItems"`
	TransactItems             []map[string]struct {
		TableName string  `json:"TableName"`
		Key       itemMap `json:"Key"`
		Item      itemMap `json:"Item"`
	} `json:"TransactItems"`
}

// faultCall describes an authorized request for the fault table.
func (p *Proxy) faultCall(op, principal string, body []byte) faults.Call {
	c := faults.Call{Service: faults.DynamoDB, Operation: op, Action: "dynamodb:" + op, Principal: principal}
	var t touched
	if json.Unmarshal(body, &t) != nil {
		return c
	}
	add := func(table string, items ...itemMap) {
		table = tableName(table)
		var keys []string
		for _, it := range items {
			keys = append(keys, p.keyValues(table, it)...)
		}
		c.Targets = append(c.Targets, faults.Target{Resource: table, Keys: keys})
	}
	switch {
	case op == "Query" || op == "Scan":
		// The key condition's values: what a Query reads by.
		add(t.TableName, t.ExpressionAttributeValues)
	case t.TableName != "":
		add(t.TableName, t.Key, t.Item)
	case len(t.TransactItems) > 0:
		for _, ti := range t.TransactItems {
			for _, e := range ti {
				add(e.TableName, e.Key, e.Item)
			}
		}
	case len(t.RequestItems) > 0:
		for _, table := range slices.Sorted(maps.Keys(t.RequestItems)) {
			add(table, batchItems(t.RequestItems[table])...)
		}
	}
	return c
}

// batchItems reads the keys and items of one table of a BatchGetItem
// ({"Keys":[...]}) or BatchWriteItem ([{"PutRequest":{"Item"}} or
// {"DeleteRequest":{"Key"}}]).
func batchItems(raw json.RawMessage) []itemMap {
	var get struct {
		Keys []itemMap `json:"Keys"`
	}
	if json.Unmarshal(raw, &get) == nil && len(get.Keys) > 0 {
		return get.Keys
	}
	var write []struct {
		PutRequest *struct {
			Item itemMap `json:"Item"`
		} `json:"PutRequest"`
		DeleteRequest *struct {
			Key itemMap `json:"Key"`
		} `json:"DeleteRequest"`
	}
	if json.Unmarshal(raw, &write) != nil {
		return nil
	}
	var out []itemMap
	for _, w := range write {
		if w.PutRequest != nil {
			out = append(out, w.PutRequest.Item)
		}
		if w.DeleteRequest != nil {
			out = append(out, w.DeleteRequest.Key)
		}
	}
	return out
}

// keyValues returns the key attribute values of item (every string or
// number value when the table's key attributes are unknown, or for
// expression values).
func (p *Proxy) keyValues(table string, item itemMap) []string {
	names, known := p.keyAttrs[table]
	var out []string
	for _, name := range slices.Sorted(maps.Keys(item)) {
		if known && !slices.Contains(names, name) && !strings.HasPrefix(name, ":") {
			continue
		}
		v := item[name]
		switch {
		case v.S != nil:
			out = append(out, *v.S)
		case v.N != nil:
			out = append(out, *v.N)
		}
	}
	return out
}

// tableName returns the name of a table given by name or ARN.
func tableName(s string) string {
	if i := strings.LastIndex(s, ":table/"); i >= 0 {
		return strings.TrimPrefix(s[i:], ":table/")
	}
	return s
}
