#!/usr/bin/env bash
# Runs a command under Node 24. A machine whose `node` is older gets Node 24 from the
# npm registry package node-linux-<arch>@24, cached outside the repository.
set -euo pipefail

major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$major" -lt 24 ]; then
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "sakan: no Node 24 package for $(uname -m); install Node 24 yourself" >&2; exit 1 ;;
  esac
  dir="${SAKAN_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sakan/node24}"
  pkg="$dir/node_modules/node-linux-$arch"
  if [ ! -x "$pkg/bin/node" ]; then
    echo "sakan: fetching Node 24 (node-linux-$arch@24) into $dir" >&2
    npm install --prefix "$dir" --no-save --no-audit --no-fund "node-linux-$arch@24" >&2
  fi
  export PATH="$pkg/bin:$PATH"
  # Native add-ons must build against Node 24's headers, not the machine's.
  export npm_config_nodedir="$pkg"
fi
echo "sakan: running on Node $(node -v) ($(command -v node))" >&2
exec "$@"
