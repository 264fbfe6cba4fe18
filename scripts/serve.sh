#!/usr/bin/env bash
# Runs the server (src/server/main.ts) on the Node pinned in package.json, with the memory
# settings of docs/decisions/0027: V8's heap capped (MAX_HEAP_MB, default 384) so it collects
# instead of growing towards the 4 GB it would take on a large machine, and glibc held to two
# malloc arenas so memory freed by the worker threads is reused rather than stranded, and its
# young generation held to MAX_SEMI_SPACE_MB (default 8) per semi-space (decision 0062). `exec`:
# the server is this process, signals (SIGTERM's graceful shutdown) reach it directly.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
node="$root/node_modules/.bin/node"
[ -x "$node" ] || node=node
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
export NODE_ENV="${NODE_ENV:-production}"
cd "$root"
exec "$node" --max-old-space-size="${MAX_HEAP_MB:-384}" \
  --max-semi-space-size="${MAX_SEMI_SPACE_MB:-8}" src/server/main.ts "$@"
