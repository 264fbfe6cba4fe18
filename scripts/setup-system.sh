#!/usr/bin/env bash
# Installs the system packages Afterglow needs when they are missing.
#   scripts/setup-system.sh [ffmpeg] [chromium] [postgresql]   (no argument: all three)
# As root on Debian or Ubuntu it installs them with apt-get; anywhere else it stops with a
# message that names what to install.
set -euo pipefail

want=("$@")
[ ${#want[@]} -eq 0 ] && want=(ffmpeg chromium postgresql)

has_postgres_server() { compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null; }

missing=()
for component in "${want[@]}"; do
  case "$component" in
    ffmpeg) { command -v ffmpeg && command -v ffprobe; } >/dev/null 2>&1 || missing+=(ffmpeg) ;;
    chromium) command -v "${CHROMIUM_PATH:-chromium}" >/dev/null 2>&1 || missing+=(chromium) ;;
    postgresql) has_postgres_server || missing+=(postgresql) ;;
    *) echo "setup-system: unknown component '$component' (ffmpeg, chromium, postgresql)" >&2; exit 2 ;;
  esac
done

[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  packages=()
  for component in "${missing[@]}"; do
    case "$component" in
      ffmpeg) packages+=(ffmpeg) ;;
      chromium) packages+=(chromium fonts-dejavu-core) ;;
      postgresql) packages+=(postgresql postgresql-contrib) ;;
    esac
  done
  echo "setup-system: installing ${packages[*]} with apt-get" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
  exit 0
fi

cat >&2 <<MSG
Afterglow needs these system packages, and this script can install them only as root on
Debian or Ubuntu: ${missing[*]}
  Debian/Ubuntu: sudo apt-get install ${missing[*]}
  macOS (Homebrew): brew install ${missing[*]/chromium/--cask chromium}
Then run the command again. Set CHROMIUM_PATH if Chromium lives elsewhere.
MSG
exit 1
