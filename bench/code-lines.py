#!/usr/bin/env python3
"""Reads a callgrind profile made with --dump-instr=yes over COUNT identical calls and prints
what one call costs the server: instructions, and the 64-byte lines of code it runs (lines
executed at least COUNT times in all), in all and by object file.

usage: code-lines.py PROFILE COUNT [TOP]   (TOP: also list the TOP functions by lines)
"""
import collections
import re
import sys

NAMED = re.compile(r'(c?ob|c?fn)=\((\d+)\)(?: (.*))?')


def read(path):
    names = {'ob': {}, 'fn': {}}
    obj = function = '?'
    address = 0
    skip_next = False  # the line after calls= is the call's inclusive cost, not the caller's own
    instructions = 0
    per_line = collections.Counter()  # (object, line address) -> instructions
    functions = collections.defaultdict(collections.Counter)  # (object, function) -> line -> instructions
    with open(path) as profile:
        for text in profile:
            match = NAMED.match(text)
            if match:
                kind, key, name = match.groups()
                table = names[kind.lstrip('c')]
                if name:
                    table[key] = name.strip()
                if kind == 'ob':
                    obj = table.get(key, '?')
                elif kind == 'fn':
                    function = table.get(key, '?')
                continue
            if text.startswith('calls='):
                skip_next = True
                continue
            if not text or text[0] not in '0123456789+-*':
                continue
            fields = text.split()
            position = fields[0]
            if position == '*':
                pass
            elif position[0] in '+-':
                address += int(position)
            else:
                address = int(position, 16) if position.startswith('0x') else int(position)
            if skip_next:
                skip_next = False
                continue
            cost = int(fields[2]) if len(fields) > 2 else 0
            instructions += cost
            per_line[(obj, address >> 6)] += cost
            functions[(obj, function)][address >> 6] += cost
    return instructions, per_line, functions


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    path, count = sys.argv[1], int(sys.argv[2])
    top = int(sys.argv[3]) if len(sys.argv) == 4 else 0
    instructions, per_line, functions = read(path)
    by_object = collections.Counter()
    for (obj, _), cost in per_line.items():
        if cost >= count:
            by_object[obj.rsplit('/', 1)[-1]] += 1
    lines = sum(by_object.values())
    print(f"instructions per call: {instructions // count}")
    print(f"lines of code per call: {lines} ({lines * 64 // 1024} KiB)")
    for obj, n in by_object.most_common():
        print(f"  {n:5d} {obj}")
    if top:
        ranked = collections.Counter()
        for (obj, function), costs in functions.items():
            n = sum(1 for cost in costs.values() if cost >= count)
            if n:
                ranked[(obj.rsplit('/', 1)[-1], function)] = n
        for (obj, function), n in ranked.most_common(top):
            print(f"  {n:5d} {obj} {function[:110]}")


if __name__ == '__main__':
    main()
