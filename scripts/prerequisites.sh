#!/usr/bin/env bash
# What `npm test` needs from the machine besides Node: Debian's Chromium (the browser suite),
# PostgreSQL (the API suite's second database), Redis (the shared session store's tests), and
# docker-compose and caddy (the production topology's checks). `npm test` and CI both run this.
#
# Each missing part is started when installed but stopped, installed with apt-get when this
# runs as root, or else named on one line and `npm test` stops at once (exit 1) — never a
# suite of failures. SAKAN_SKIP_PG=1 runs the API suite on SQLite alone, said aloud.
set -uo pipefail

say() { echo "prerequisites: $*"; }
stop() {
  echo "sakan: npm test needs $1 — $2" >&2
  exit 1
}

apt_updated=0
can_install() { [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; }
apt_install() {
  can_install || return 1
  if [ "$apt_updated" = 0 ]; then
    apt-get update -qq >/dev/null 2>&1 || true
    apt_updated=1
  fi
  say "installing $* with apt-get"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null 2>&1
}

# Chromium for Playwright (it cannot download its own browser here): Debian's headless shell,
# which the browser suite runs (e2e/playwright.config.ts), else the whole browser.
shell=/usr/bin/chromium-headless-shell
if [ -n "${CHROMIUM_PATH:-}" ]; then
  [ -x "$CHROMIUM_PATH" ] || stop "Chromium" "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable"
elif [ ! -x "$shell" ]; then
  apt_install chromium-headless-shell || true
  if [ ! -x "$shell" ] && [ ! -x /usr/bin/chromium ]; then
    apt_install chromium || true
  fi
  [ -x "$shell" ] || [ -x /usr/bin/chromium ] ||
    stop "Chromium" "install Debian's chromium-headless-shell (apt-get install chromium-headless-shell) or set CHROMIUM_PATH"
fi

# PostgreSQL on 127.0.0.1:5432 with local trust (unless DATABASE_URL points elsewhere).
pg_answers() { pg_isready -h 127.0.0.1 -p 5432 -q >/dev/null 2>&1; }
if [ -z "${DATABASE_URL:-}" ] && [ "${SAKAN_SKIP_PG:-}" != 1 ] && ! pg_answers; then
  if ! ls /etc/postgresql/*/main >/dev/null 2>&1; then
    if apt_install postgresql; then
      version=$(ls /etc/postgresql | sort -V | tail -1)
      hba=/etc/postgresql/$version/main/pg_hba.conf
      sed -i -E 's/^(host\s+all\s+all\s+(127\.0\.0\.1\/32|::1\/128)\s+)\S+/\1trust/' "$hba"
      sed -i -E 's/^(local\s+all\s+(postgres|all)\s+)\S+/\1trust/' "$hba"
    fi
  fi
  if ls /etc/postgresql/*/main >/dev/null 2>&1 && can_install; then
    version=$(ls /etc/postgresql | sort -V | tail -1)
    say "starting PostgreSQL $version"
    pg_ctlcluster --skip-systemctl-redirect "$version" main start >/dev/null 2>&1 || true
    for _ in $(seq 1 30); do pg_answers && break; sleep 1; done
  fi
  pg_answers || stop "PostgreSQL at 127.0.0.1:5432" "install and start it (apt-get install postgresql), set DATABASE_URL, or set SAKAN_SKIP_PG=1 to test on SQLite only"
fi

# Redis on 127.0.0.1:6379 (the session store's Redis tests; SAKAN_TEST_REDIS_URL points elsewhere).
redis_answers() {
  [ -n "${SAKAN_TEST_REDIS_URL:-}" ] && return 0
  (exec 3<>/dev/tcp/127.0.0.1/6379 && printf 'PING\r\n' >&3 && head -c 5 <&3 | grep -q PONG) 2>/dev/null
}
if ! redis_answers; then
  command -v redis-server >/dev/null 2>&1 || apt_install redis-server || true
  if command -v redis-server >/dev/null 2>&1; then
    say "starting Redis"
    redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save '' --appendonly no >/dev/null 2>&1 || true
    for _ in $(seq 1 20); do redis_answers && break; sleep 0.5; done
  fi
  redis_answers || stop "Redis at 127.0.0.1:6379" "install and start it (apt-get install redis-server) or set SAKAN_TEST_REDIS_URL"
fi

# The production topology's own validators; without them those two checks say they skipped.
command -v docker-compose >/dev/null 2>&1 || apt_install docker-compose || say "docker-compose unavailable: its check will be skipped"
command -v caddy >/dev/null 2>&1 || apt_install caddy || say "caddy unavailable: its check will be skipped"
exit 0
