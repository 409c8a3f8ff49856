#!/usr/bin/env python3
"""Moves the names that live in large input sections to the end of a symbol ordering list,
keeping the order within each part.

The linker orders input sections, not symbols, and gives a section the place of the first of
its names in the list. islet's own code has a section per function and per variable, but the
Swift standard library's Swift code comes in a few sections of megabytes (its functions) and
tens of kilobytes (its variables), and the Swift runtime keeps a 64 KiB allocation pool. One
early name from such a section drags all of it to the front and splits the small sections
listed after it over many pages: those pages are what a start-up faults in. Large sections
(16 KiB and more) therefore go after all the small ones.

usage: large-sections-last.py PROGRAM LINK-MAP < names.txt > ordered.txt
(the program and the linker's map of that same link, -Map)
"""
import bisect
import re
import subprocess
import sys

LARGE = 16 * 1024
program, link_map = sys.argv[1], sys.argv[2]

address_of = {}
for line in subprocess.run(["nm", "--defined-only", program], capture_output=True, text=True, check=True).stdout.splitlines():
    fields = line.split()
    if len(fields) == 3:
        address_of.setdefault(fields[2], int(fields[0], 16))

# Input sections from the map: "VMA LMA size align", then the output section's name after one
# space or an input section's after nine (symbols come after seventeen).
sections = []
with open(link_map) as lines:
    for line in lines:
        match = re.match(r"\s*([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+ (\s*)\S", line)
        if match and len(match.group(3)) == 8:
            start, size = int(match.group(1), 16), int(match.group(2), 16)
            if size:
                sections.append((start, size))
sections.sort()
starts = [s[0] for s in sections]
if len(sections) < 1000:
    sys.exit(f"large-sections-last: only {len(sections)} input sections in {link_map}; is it a map of {program}?")


def large(name):
    address = address_of.get(name)
    if address is None:
        return False  # not in this program: keep its place
    i = bisect.bisect_right(starts, address) - 1
    return i >= 0 and sections[i][0] <= address < sections[i][0] + sections[i][1] and sections[i][1] >= LARGE


names = [line.strip() for line in sys.stdin if line.strip()]
print("\n".join([n for n in names if not large(n)] + [n for n in names if large(n)]))
