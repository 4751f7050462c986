#!/usr/bin/env bash
# Add Prompter to the desktop's application menu, for the current user only (no root needed).
#   ./install-desktop-entry.sh              install (run it from the unpacked bundle)
#   ./install-desktop-entry.sh --uninstall  remove the menu entry and the icons again
# The entry starts this bundle's prompter-studio by its absolute path, so move the bundle
# first and install afterwards (or install again after moving it).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
entry=$data/applications/prompter.desktop

refresh() {
    command -v update-desktop-database >/dev/null && update-desktop-database -q "$data/applications" || true
    command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -q -t "$data/icons/hicolor" || true
}

if [[ ${1:-} == --uninstall ]]; then
    rm -f "$entry"
    find "$data/icons/hicolor" -path '*/apps/prompter.*' -delete 2>/dev/null || true
    refresh
    echo "Prompter removed from the application menu."
    exit 0
fi

studio=$here/prompter-studio
[[ -x $studio ]] || { echo "no prompter-studio next to this script: run it from the bundle" >&2; exit 1; }
mkdir -p "$data/applications" "$data/icons"
cp -R "$here/share/icons/hicolor" "$data/icons/"
# Quote the path as the Desktop Entry spec says (inside double quotes, escape " ` $ \ with a
# backslash, then double every backslash), so a bundle under "My Apps/" still starts.
quoted=${studio//\\/\\\\\\\\}
for char in '"' '`' '$'; do quoted=${quoted//"$char"/\\\\$char}; done
while IFS= read -r line; do
    case $line in
        Exec=*) printf 'Exec="%s" %%f\n' "$quoted" ;;
        TryExec=*) printf 'TryExec=%s\n' "${studio//\\/\\\\}" ;;
        *) printf '%s\n' "$line" ;;
    esac
done < "$here/share/applications/prompter.desktop" > "$entry.tmp"
mv "$entry.tmp" "$entry"
refresh
echo "Prompter added to the application menu ($entry)."
