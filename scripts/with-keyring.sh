#!/usr/bin/env bash
# Runs a command so that keytar meets a real Secret Service. On Linux: inside a private D-Bus
# session with a gnome-keyring daemon unlocked by a throwaway password, torn down afterwards. On
# macOS and Windows, and on a Linux without dbus-run-session or gnome-keyring: the command as is
# (the keychain tests then exercise the "no keychain" path the app explains to users).
set -euo pipefail
if [ "$(uname -s)" = "Linux" ] && [ -z "${DESK_NO_KEYRING:-}" ] \
  && command -v dbus-run-session >/dev/null 2>&1 && command -v gnome-keyring-daemon >/dev/null 2>&1; then
  # A keyring folder of its own, so the throwaway password never meets an existing login keyring.
  XDG_DATA_HOME="$(mktemp -d)"
  export XDG_DATA_HOME
  trap 'rm -rf "$XDG_DATA_HOME"' EXIT
  dbus-run-session -- bash -c '
    printf "%s" "exchange-desk-test" | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1
    exec "$@"' with-keyring "$@" 2> >(grep -v -E "Failed to set fd limit|^dbus-daemon\[" >&2)
  exit $?
fi
exec "$@"
