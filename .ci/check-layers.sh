#!/usr/bin/env bash
# The layering the compiler cannot see by itself. Package.swift lists the layers bottom to top
# (`layerOrder`); each may import only layers below it. Fails (exit 1, naming file and line) when
# - a source file of a layer imports a layer above it, or
# - a file of a layer names a type declared in a layer above it (a type of the same name
#   declared below would hide a missing move: no two layers declare the same type name).
# `swift build --explicit-target-dependency-import-check error` (make test) adds the third rule:
# no target imports a module it does not declare as a dependency.
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 - "$@" <<'PY'
import os, re, sys
package = open('Package.swift').read()
m = re.search(r'let layerOrder\s*=\s*\[([^\]]*)\]', package)
if not m: sys.exit('check-layers: Package.swift has no `let layerOrder = [...]`')
layers = re.findall(r'"(\w+)"', m.group(1))
root = sys.argv[1] if len(sys.argv) > 1 else 'Sources'
decl = re.compile(r'^(?:@\w+\s+)*(?:(?:public|package|internal|final|indirect|nonisolated)\s+)*'
                  r'(?:struct|enum|class|protocol|actor|typealias)\s+([A-Z]\w*)', re.M)
comments = re.compile(r'//.*?$|/\*.*?\*/', re.M | re.S)
# String literals without an interpolation are text, not code ("**Example.**" names no type).
plain_strings = re.compile(r'"(?:[^"\\\n]|\\[^(])*"')
reexport = re.compile(r'typealias\s+(\w+)\s*=\s*(\w+)\.\1\b')
files = {}
for layer in layers:
    for d, _, fs in os.walk(os.path.join(root, layer)):
        for f in sorted(fs):
            if f.endswith('.swift'):
                p = os.path.join(d, f)
                files[p] = (layer, open(p, encoding='utf-8').read())
owner, problems = {}, []
for p, (layer, text) in files.items():
    exported = set(x for x, _ in reexport.findall(text))
    for name in decl.findall(text):
        if name in exported: continue  # `typealias X = Lower.X` re-exports a lower layer's type
        if name in owner and owner[name][0] != layer:
            problems.append(f'{p}: type {name} is declared in {owner[name][0]} too ({owner[name][1]})')
        owner.setdefault(name, (layer, p))
for p, (layer, text) in files.items():
    rank = layers.index(layer)
    code = plain_strings.sub('""', comments.sub('', text))
    for n, line in enumerate(code.split('\n'), 1):
        im = re.match(r'\s*(?:@testable\s+|@_exported\s+)?import\s+(\w+)', line)
        if im and im.group(1) in layers and layers.index(im.group(1)) >= rank and im.group(1) != layer:
            problems.append(f'{p}:{n}: {layer} imports {im.group(1)}, a layer above it')
        for name in re.findall(r'\b([A-Z]\w*)\b', line):
            if name in owner and layers.index(owner[name][0]) > rank:
                problems.append(f'{p}:{n}: {layer} names {name}, declared in {owner[name][0]} ({owner[name][1]})')
for problem in sorted(set(problems)): print(problem)
if problems: sys.exit(f'check-layers: {len(set(problems))} problems; layers bottom to top: {" → ".join(layers)}')
print(f'check-layers: {len(files)} files in {len(layers)} layers ({" → ".join(layers)}): no upward import or name')
PY
