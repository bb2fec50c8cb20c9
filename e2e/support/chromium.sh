#!/usr/bin/env bash
# Starts Chromium ($CHROMIUM_PATH, else Debian's /usr/bin/chromium) for the browser tests, without the address bar's
# suggestion popups. Since Chromium 156 every new window (each browser context's page, in headless mode too) loads the
# popups as two pages of their own in a renderer of their own; the tests never show an address bar, and on a 2-core
# machine this halved the processor time of each new context (docs/decisions/0052). Chromium reads only the last
# `--disable-features` it is given, and Playwright passes its own list: so every list given is merged into one here.
set -euo pipefail
disabled="WebUIOmniboxPopup,WebUIOmniboxAimPopup"
args=()
for arg in "$@"; do
  case "$arg" in
    --disable-features=*) disabled="$disabled,${arg#--disable-features=}" ;;
    *) args+=("$arg") ;;
  esac
done
exec "${CHROMIUM_PATH:-/usr/bin/chromium}" "${args[@]}" "--disable-features=$disabled"
