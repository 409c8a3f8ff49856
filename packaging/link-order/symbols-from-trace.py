#!/usr/bin/env python3
"""Turns a lackey superblock trace of a program into the names of the functions it ran, in
the order it first ran them, for the linker's --symbol-ordering-file.

usage: symbols-from-trace.py PROGRAM TRACE > symbols.txt
"""
import bisect
import re
import subprocess
import sys

program, trace = sys.argv[1], sys.argv[2]

functions = []
address_of = {}
nm = subprocess.run(["nm", "-S", "--defined-only", program], capture_output=True, text=True, check=True)
for line in nm.stdout.splitlines():
    fields = line.split()
    if len(fields) in (3, 4):
        address_of[fields[-1]] = int(fields[0], 16)
    if len(fields) == 4 and fields[2] in "tTwW":
        functions.append((int(fields[0], 16), int(fields[1], 16), fields[3]))
functions.sort()
starts = [f[0] for f in functions]
entry, main = address_of["_start"], address_of["main"]

blocks = []
seen = set()
with open(trace) as lines:
    for line in lines:
        match = re.match(r"SB ([0-9a-fA-F]+)", line)
        if match:
            address = int(match.group(1), 16)
            if address not in seen:
                seen.add(address)
                blocks.append(address)

# valgrind loads a position-independent program at an address of its choosing: the one at
# which both its entry point and main ran.
base = None
for address in blocks:
    candidate = address - entry
    if candidate >= 0 and candidate % 4096 == 0 and candidate + main in seen:
        base = candidate
        break
if base is None:
    sys.exit("symbols-from-trace: the program's entry point is not in the trace")

names = []
named = set()
for address in blocks:
    offset = address - base
    i = bisect.bisect_right(starts, offset) - 1
    if i < 0:
        continue
    start, size, name = functions[i]
    if start <= offset < start + max(size, 1) and name not in named:
        named.add(name)
        names.append(name)
if len(names) < 100:
    sys.exit(f"symbols-from-trace: only {len(names)} functions found; is this the traced program?")
print("\n".join(names))
