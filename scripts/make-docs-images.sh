#!/usr/bin/env bash
# Re-makes the images README.md shows (docs/images), from the embedded samples, at @2x.
# Run through `make docs` (which builds the release binary first).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.build/release/widgetrender
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p docs/images

render() { # name, then widgetrender arguments
    local name=$1; shift
    "$bin" --quiet --scale 2 --now 2030-01-01 --out "$tmp/$name" "$@" > "$tmp/$name.list"
    # The entry on screen at --now is the last one listed.
    cp "$(tail -n 1 "$tmp/$name.list")" "docs/images/$name.png"
}

render price-medium --widget price --family medium
render price-small-dark --widget price --family small --color-scheme dark
render covid-country-medium-ja --widget covid-country --family medium --locale ja
render covid-country-small-ko --widget covid-country --family small --locale ko --param country=KOR
render covid-global-large --widget covid-global --family large
render price-medium-placeholder --widget price --family medium --placeholder
ls -l docs/images
