#!/usr/bin/env bash
# What islet's shell hook (islet init) adds to a prompt (issue 71, item 6): an interactive
# shell runs N quick commands (`f`, a function that does nothing: each ends under the threshold,
# and no process is started that would hide the hook's cost), with its rc file evaluating the
# hook and without it, the two in turn, R times; the median of each and the difference per
# prompt, in microseconds. Each shell reads the commands as typed at a terminal (script(1)'s
# pseudo-terminal: fish runs its hooks only for what it reads there). The hook's folder exists
# (islet-notify made it) on a tmpfs as $XDG_RUNTIME_DIR is, so each prompt writes its two lines
# as it would in a session. bash, zsh and fish where installed.
#   bench/shell-hook.sh [ISLET_BIN] [N] [R]   (defaults: the static islet, 1000, 5)
set -eu
islet=${1:-$(cd "$(dirname "$0")/.." && pwd)/.build-static/release/islet}
N=${2:-1000}
R=${3:-5}
dir=$(mktemp -d -p "$([ -d /dev/shm ] && echo /dev/shm || echo /tmp)")
trap 'rm -rf "$dir"' EXIT
export XDG_RUNTIME_DIR=$dir/run HOME=$dir/home
mkdir -p -m 700 "$XDG_RUNTIME_DIR/islet/commands" "$HOME"
{ for _ in $(seq "$N"); do echo f; done; echo exit; } > "$dir/commands"

"$islet" init bash > "$dir/hook.bash"
"$islet" init zsh > "$dir/hook.zsh"
"$islet" init fish > "$dir/hook.fish"
printf 'PS1="$ "\nf() { :; }\n' > "$dir/plain.bash"
printf 'PS1="$ "\nf() { :; }\nsource %s\n' "$dir/hook.bash" > "$dir/hooked.bash"
mkdir -p "$dir/plain.zsh" "$dir/hooked.zsh"
printf 'PS1="$ "\nf() { : }\n' > "$dir/plain.zsh/.zshrc"
printf 'PS1="$ "\nf() { : }\nsource %s\n' "$dir/hook.zsh" > "$dir/hooked.zsh/.zshrc"

run() {  # run SHELL VARIANT: the microseconds the shell takes for the N prompts
  local start end
  start=$(date +%s%N)
  case $1 in
    bash) script -qec "bash --noprofile --rcfile $dir/$2.bash -i" /dev/null < "$dir/commands" > /dev/null 2>&1 ;;
    zsh) ZDOTDIR=$dir/$2.zsh script -qec "zsh -i" /dev/null < "$dir/commands" > /dev/null 2>&1 ;;
    fish)
      if [ "$2" = hooked ]; then script -qec "fish --no-config -i -C 'function f; end; source $dir/hook.fish'" /dev/null < "$dir/commands" > /dev/null 2>&1
      else script -qec "fish --no-config -i -C 'function f; end'" /dev/null < "$dir/commands" > /dev/null 2>&1; fi ;;
  esac
  end=$(date +%s%N)
  echo $(((end - start) / 1000))
}
median() { sort -n | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'; }

echo "| shell | $N prompts without the hook (ms, median of $R) | with it (ms) | the hook per prompt (µs) |"
echo "| --- | --- | --- | --- |"
for shell in bash zsh fish; do
  command -v "$shell" > /dev/null || continue
  : > "$dir/plain.times"; : > "$dir/hooked.times"
  run "$shell" plain > /dev/null; run "$shell" hooked > /dev/null  # warm-up
  for _ in $(seq "$R"); do
    run "$shell" plain >> "$dir/plain.times"
    run "$shell" hooked >> "$dir/hooked.times"
  done
  # The hook wrote what a session's would: a line run or its end.
  grep -qE "^(run|end) " "$XDG_RUNTIME_DIR"/islet/commands/* || { echo "$shell: the hook wrote nothing" >&2; exit 1; }
  rm -f "$XDG_RUNTIME_DIR"/islet/commands/*
  a=$(median < "$dir/plain.times"); b=$(median < "$dir/hooked.times")
  echo "| $shell $("$shell" --version 2>/dev/null | head -1 | grep -oE '[0-9]+\.[0-9]+(\.[0-9]+)?' | head -1) | $((a / 1000)) | $((b / 1000)) | $(((b - a) / N)) |"
done
