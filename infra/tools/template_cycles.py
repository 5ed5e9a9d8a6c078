"""Fails when template.yaml, once the SAM transform has run, has a circular dependency.

CloudFormation refuses such a stack at deploy time ("Circular dependency between resources"),
but neither `sam validate --lint` nor cfn-lint sees it: the cycles come from what the transform
generates (the HTTP API's OpenAPI body names every function; a bucket's notification names its
function). This runs SAM's own translator, the one `sam deploy` uses, and walks the references
of the result (Ref, Fn::GetAtt, Fn::Sub variables, DependsOn).

Usage: .venv/bin/python infra/tools/template_cycles.py template.yaml
"""

import re
import sys

from samtranslator.translator.transform import transform
from samtranslator.yaml_helper import yaml_parse


class _NoManagedPolicies:
    """The template names no managed policies; the translator need not look any up."""

    def load(self):
        return {}


def _references(value, found):
    if isinstance(value, dict):
        for key, arg in value.items():
            if key == "Ref" and isinstance(arg, str):
                found.add(arg)
            elif key == "Fn::GetAtt":
                found.add(arg[0] if isinstance(arg, list) else arg.split(".")[0])
            elif key == "Fn::Sub":
                text = arg if isinstance(arg, str) else arg[0]
                for name in re.findall(r"\$\{([^}!]+)\}", text):
                    found.add(name.split(".")[0])
                if isinstance(arg, list):
                    _references(arg[1], found)
            else:
                _references(arg, found)
    elif isinstance(value, list):
        for item in value:
            _references(item, found)
    return found


def cycles(template_text):
    """Returns the dependency cycles of the transformed template, each as a list of logical ids."""
    # The translator wants code in S3; where it is does not change any reference.
    text = re.sub(r"CodeUri: \S+", "CodeUri: s3://bucket/code.zip", template_text)
    resources = transform(yaml_parse(text), {}, _NoManagedPolicies())["Resources"]
    graph = {}
    for name, resource in resources.items():
        deps = _references(resource.get("Properties", {}), set())
        depends_on = resource.get("DependsOn", [])
        deps |= {depends_on} if isinstance(depends_on, str) else set(depends_on)
        graph[name] = sorted(d for d in deps if d in resources)

    found, state, stack = [], {}, []

    def visit(node):
        state[node] = "open"
        stack.append(node)
        for dep in graph[node]:
            if state.get(dep) == "open":
                found.append(stack[stack.index(dep):] + [dep])
            elif dep not in state:
                visit(dep)
        stack.pop()
        state[node] = "done"

    sys.setrecursionlimit(10000)
    for node in sorted(graph):
        if node not in state:
            visit(node)
    return found


def main(argv):
    if len(argv) != 2:
        print("usage: template_cycles.py TEMPLATE", file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        found = cycles(f.read())
    if found:
        print(f"{argv[1]}: {len(found)} circular dependencies after the SAM transform (CloudFormation would refuse the stack):", file=sys.stderr)
        for cycle in found:
            print("  " + " -> ".join(cycle), file=sys.stderr)
        return 1
    print(f"{argv[1]}: no circular dependency after the SAM transform")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
