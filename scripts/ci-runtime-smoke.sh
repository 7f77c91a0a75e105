#!/usr/bin/env bash
# CI job: builds the runtime tree the container image copies (scripts/runtime-tree.sh), starts two
# instances from it on PostgreSQL and Redis, and drives them (scripts/runtime-smoke.mjs).
# Needs PostgreSQL on 127.0.0.1:5432 and Redis on 127.0.0.1:6379 (or SMOKE_POSTGRES_URL and
# SMOKE_REDIS_URL); without them it says so and stops without failing, like the other optional runs.
set -euo pipefail
cd "$(dirname "$0")/.."
postgres_url="${SMOKE_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
redis_url="${SMOKE_REDIS_URL:-redis://127.0.0.1:6379}"

if ! node -e "const {Client}=require('pg');const c=new Client({connectionString:process.argv[1],connectionTimeoutMillis:3000});c.connect().then(()=>c.end()).catch(()=>process.exit(1))" "$postgres_url"; then
  echo "runtime smoke skipped: PostgreSQL is not answering at $postgres_url"; exit 0
fi
if ! node -e "const R=require('ioredis');const r=new R(process.argv[1],{lazyConnect:true,maxRetriesPerRequest:0,retryStrategy:()=>null});r.connect().then(()=>r.ping()).then(()=>r.quit()).catch(()=>process.exit(1))" "$redis_url"; then
  echo "runtime smoke skipped: Redis is not answering at $redis_url"; exit 0
fi

runtime="$(mktemp -d)/runtime"
trap 'rm -rf "$(dirname "$runtime")"' EXIT
log="$(dirname "$runtime")/build.log"
npm run build > "$log" 2>&1 || { cat "$log"; exit 1; }
bash scripts/runtime-tree.sh "$runtime"
node scripts/runtime-smoke.mjs "$runtime" "$postgres_url" "$redis_url"
