#!/bin/sh
# embed-files.sh OUTPUT ROOT FILE…: writes OUTPUT, a Swift source holding each FILE base64-encoded
# under its path relative to ROOT. Swift files are kept only when they mark a `// lesson-code:`
# region (what `explorer source` prints). Run by the EmbedFilesPlugin build plugin, through
# /bin/sh: a script, not a Swift tool, because SwiftPM builds a plugin's Swift tool before any
# target, and building one took the first build about 8 s on 2 cores (docs/performance.md, "First build").
set -eu
if [ $# -lt 2 ]; then
    echo "usage: embed-files.sh OUTPUT ROOT FILE…" >&2
    exit 64
fi
output=$1
root=${2%/}/
shift 2
entries="$output.entries.$$"
generated="$output.new.$$"
trap 'rm -f "$entries" "$generated"' EXIT
: > "$entries"
count=0
for path in "$@"; do
    case $path in
        "$root"*) ;;
        *) echo "embed-files.sh: $path is not under $root" >&2; exit 1 ;;
    esac
    if [ ! -f "$path" ] || [ ! -r "$path" ]; then
        echo "embed-files.sh: cannot read $path" >&2
        exit 1
    fi
    case $path in
        *.swift) grep -q '// lesson-code:' "$path" || continue ;;
    esac
    # The path inside a Swift string literal: backslashes and quotes escaped.
    relative=$(printf '%s' "${path#"$root"}" | sed 's/\\/\\\\/g; s/"/\\"/g')
    encoded=$(base64 < "$path" | tr -d '\n')
    printf '        "%s": "%s",\n' "$relative" "$encoded" >> "$entries"
    count=$((count + 1))
done
{
    printf '%s\n' "// Generated at build time by the EmbedFilesPlugin build plugin (Plugins/EmbedFilesPlugin); not"
    printf '%s\n' "// committed. $count files, base64-encoded."
    printf '\n'
    printf '%s\n' "extension ShippedFiles {"
    printf '%s\n' "    static let base64: [String: String] = ["
    if [ "$count" -eq 0 ]; then printf '%s\n' "        :"; else cat "$entries"; fi
    printf '%s\n' "    ]"
    printf '%s\n' "}"
} > "$generated"
# Rewrite only a changed file, so an unchanged copy does not recompile the module.
if cmp -s "$generated" "$output"; then
    rm -f "$generated"
else
    mv -f "$generated" "$output"
fi
