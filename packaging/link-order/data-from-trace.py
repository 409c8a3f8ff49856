#!/usr/bin/env python3
"""Turns lackey memory traces of a program into the names of the zero-initialised variables
(.bss) it touched, in the order it first touched them, for the linker's --symbol-ordering-file:
each .bss page a program touches costs it a page fault and a page of memory, and the variables
a start-up touches lie scattered over the program's 570 KiB of .bss unless they are placed
together.

usage: data-from-trace.py PROGRAM TRACE [TRACE ...] > names.txt
"""
import bisect
import re
import subprocess
import sys

PAGE = 4096
program, traces = sys.argv[1], sys.argv[2:]

# The program's .bss, its variables and its functions' addresses (for where valgrind put it).
bss = None
for line in subprocess.run(["readelf", "-SW", program], capture_output=True, text=True, check=True).stdout.splitlines():
    match = re.match(r"\s*\[\s*\d+\]\s+\.bss\s+NOBITS\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)", line)
    if match:
        bss = (int(match.group(1), 16), int(match.group(1), 16) + int(match.group(2), 16))
if bss is None:
    sys.exit(f"data-from-trace: {program} has no .bss")
variables = []
address_of = {}
for line in subprocess.run(["nm", "-S", "--defined-only", program], capture_output=True, text=True, check=True).stdout.splitlines():
    fields = line.split()
    if len(fields) in (3, 4):
        address_of[fields[-1]] = int(fields[0], 16)
    if len(fields) == 4 and bss[0] <= int(fields[0], 16) < bss[1]:
        variables.append((int(fields[0], 16), max(int(fields[1], 16), 1), fields[3]))
variables.sort()
variable_starts = [v[0] for v in variables]
entry, main = address_of["_start"], address_of["main"]

def first_touches(trace):
    """The addresses of data the trace loads, stores or modifies, each once, in order; and the
    base valgrind loaded the program at: the one at which both its entry and main ran."""
    code, data, seen = set(), [], set()
    with open(trace) as lines:
        for line in lines:
            if line.startswith("I"):
                code.add(int(line.split()[1].split(",")[0], 16))
            elif line[:2] in (" L", " S", " M"):
                address = int(line.split()[1].split(",")[0], 16)
                if address not in seen:
                    seen.add(address)
                    data.append(address)
    # A library's code can line up with the entry and main by chance: of the bases that fit,
    # the one under which the most touched data falls in the program's .bss.
    bases = [address - entry for address in code
             if address >= entry and (address - entry) % PAGE == 0 and address - entry + main in code]
    if not bases:
        sys.exit(f"data-from-trace: the program's entry point is not in {trace}")
    base = max(bases, key=lambda b: sum(1 for a in data if bss[0] <= a - b < bss[1]))
    return base, data


names = []
named = set()
for trace in traces:
    base, touches = first_touches(trace)
    for address in touches:
        offset = address - base
        if not bss[0] <= offset < bss[1]:
            continue
        i = bisect.bisect_right(variable_starts, offset) - 1
        if i >= 0 and variables[i][0] <= offset < variables[i][0] + variables[i][1] and variables[i][2] not in named:
            named.add(variables[i][2])
            names.append(variables[i][2])
if len(names) < 20:
    sys.exit(f"data-from-trace: only {len(names)} variables of .bss touched; is this the traced program?")
print("\n".join(names))
