#!/usr/bin/env bash
# Runs each argument as a shell command, all at once (the checks before the tests use both cores), prints each
# command's output whole once it ends, and fails if any of them failed.
set -uo pipefail
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
pids=()
index=0
for command in "$@"; do
  ( start=$SECONDS; bash -c "$command" >"$dir/$index.out" 2>&1; status=$?
    echo "$status $((SECONDS - start))" >"$dir/$index.status" ) &
  pids+=($!)
  index=$((index + 1))
done
failed=0
index=0
for command in "$@"; do
  wait "${pids[$index]}"
  read -r status seconds <"$dir/$index.status"
  echo "> $command ($seconds s, exit $status)"
  cat "$dir/$index.out"
  [ "$status" -eq 0 ] || failed=1
  index=$((index + 1))
done
exit $failed
