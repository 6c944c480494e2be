#!/usr/bin/env bash
# Re-makes the images README.md shows (docs/images), from the embedded samples and the
# Examples/ package, at @2x. Run through `make docs` (which builds the release binary first).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.build/release/widgetrender
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p docs/images

render() { # name, then widgetrender arguments
    local name=$1; shift
    "$bin" --scale 2 --now 2030-01-01 --out "$tmp/$name" "$@" > "$tmp/$name.list" 2> /dev/null
    # The entry on screen at --now is the last one listed.
    cp "$(tail -n 1 "$tmp/$name.list")" "docs/images/$name.png"
}

render price-medium --widget price --family medium
render price-small-dark --widget price --family small --color-scheme dark
render covid-country-medium-ja --widget covid-country --family medium --locale ja
render covid-country-small-ko --widget covid-country --family small --locale ko --param country=KOR
render covid-global-large --widget covid-global --family large
render price-medium-placeholder --widget price --family medium --placeholder
render price-today-compact --widget price --family todayCompact --device iphone-375x667
render covid-global-small-ja --widget covid-global --family small --locale ja

# The tutorial widgets of Examples/, through their own command.
(cd Examples && swift build -c release --product tutorial-widgets > /dev/null \
    && swift build -c release --product hello-widget > /dev/null)
tutorial=Examples/.build/release/tutorial-widgets
todos=Examples/Tests/TutorialWidgetsTests/Fixtures/todo
example() { # name, then tutorial-widgets arguments; the first PNG listed
    local name=$1; shift
    "$tutorial" --scale 2 --out "$tmp/$name" "$@" > "$tmp/$name.list" 2> /dev/null
    cp "$(head -n 1 "$tmp/$name.list")" "docs/images/$name.png"
}
example tutorial-game-status-medium --widget com.mygame.game-status --family medium --now 2026-01-01T09:00:00Z
example tutorial-todo-medium --widget todo-list --family medium --now 2026-01-01T09:00:00Z \
    --shared-container "group.com.example.todo=$todos"
"$tutorial" timeline --widget character-health --family small --from 2026-01-01T09:00:00Z --to +4h --scale 2 \
    --out "$tmp/timeline" > "$tmp/timeline.list" 2> /dev/null
hello() { # name, then hello-widget arguments; the first PNG listed
    local name=$1; shift
    Examples/.build/release/hello-widget --scale 2 --now 2026-01-01T09:00:00Z --out "$tmp/$name" "$@" \
        > "$tmp/$name.list" 2> /dev/null
    cp "$(head -n 1 "$tmp/$name.list")" "docs/images/$name.png"
}
hello hello-steps-small-dark --family small --color-scheme dark
hello hello-steps-medium --family medium
n=0
while read -r png; do
    cp "$png" "docs/images/tutorial-character-timeline-$n.png"
    n=$((n + 1))
done < "$tmp/timeline.list"
ls -l docs/images
