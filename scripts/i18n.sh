#!/bin/sh
# Extract okey101's messages, merge them into each catalogue and compile the .mo files.
#   scripts/i18n.sh          extract + update + compile
#   scripts/i18n.sh compile  compile only (after editing a .po)
# The template (okey_tui/locale/okey101.pot) is made afresh each time and not kept in git.
# A new language: scripts/i18n.sh, then
#   pybabel init -i okey_tui/locale/okey101.pot -d okey_tui/locale -D okey101 -l xx
# and add "xx" to LANGUAGES in okey_tui/i18n.py.
set -eu
cd "$(dirname "$0")/.."
POT=okey_tui/locale/okey101.pot
if [ "${1:-}" != "compile" ]; then
    pybabel extract -F babel.cfg -k _ -k N_ -k ngettext:1,2 -k pgettext:1c,2 --no-location --sort-output --width 100 \
        --project okey101 --copyright-holder "okey101" -o "$POT" okey_tui
    pybabel update -i "$POT" -d okey_tui/locale -D okey101 --no-fuzzy-matching --ignore-pot-creation-date --width 100
fi
pybabel compile -d okey_tui/locale -D okey101 --statistics
