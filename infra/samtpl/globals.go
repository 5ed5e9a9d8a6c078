package samtpl

import (
	"maps"
	"strings"
)

// mergeGlobals overlays a resource's properties on a Globals section the way
// the SAM translator does: scalars (and intrinsic functions, which count as
// opaque values) from the resource win, mappings merge key by key, and lists
// are concatenated, global entries first. Neither input is modified.
func mergeGlobals(global, local any) any {
	if local == nil {
		return deepClone(global)
	}
	gm, gok := global.(map[string]any)
	lm, lok := local.(map[string]any)
	if gok && lok && !isIntrinsic(gm) && !isIntrinsic(lm) {
		out := make(map[string]any, len(gm)+len(lm))
		for k, v := range gm {
			out[k] = deepClone(v)
		}
		for k, v := range lm {
			if g, ok := gm[k]; ok {
				out[k] = mergeGlobals(g, v)
			} else {
				out[k] = deepClone(v)
			}
		}
		return out
	}
	gl, gok := global.([]any)
	ll, lok := local.([]any)
	if gok && lok {
		out := make([]any, 0, len(gl)+len(ll))
		for _, v := range gl {
			out = append(out, deepClone(v))
		}
		for _, v := range ll {
			out = append(out, deepClone(v))
		}
		return out
	}
	return deepClone(local)
}

func isIntrinsic(m map[string]any) bool {
	if len(m) != 1 {
		return false
	}
	for k := range m {
		return k == "Ref" || k == "Condition" || strings.HasPrefix(k, "Fn::")
	}
	return false
}

func deepClone(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := maps.Clone(x)
		for k, e := range out {
			out[k] = deepClone(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = deepClone(e)
		}
		return out
	default:
		return v
	}
}
