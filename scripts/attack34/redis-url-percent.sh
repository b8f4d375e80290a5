#!/usr/bin/env bash
# Finding R1: a Redis password holding a '%' not followed by two hex digits (as generated passwords often do)
# passes checkRedisUrl (WHATWG URL keeps it as written) but ioredis's parseURL runs decodeURIComponent on it and
# throws URIError: "internal error: URI malformed (please report this ...)" for queue add/status/results/wait
# and worker; with SEALCHECK_DEBUG=1 a stack trace.
cd "$(dirname "$0")/../.."
for cmd in "queue status" "queue add samples/valid" "queue wait" "worker --trust samples/trust"; do
  out=$(timeout 20 npx tsx cli/main.ts $cmd --redis 'redis://sealcheck:pa%ss@127.0.0.1:1' --queue q 2>&1); rc=$?
  echo "sealcheck $cmd: exit $rc: $out"
done
SEALCHECK_DEBUG=1 npx tsx cli/main.ts queue status --redis 'redis://sealcheck:pa%ss@127.0.0.1:1' --queue q 2>&1 | head -6
