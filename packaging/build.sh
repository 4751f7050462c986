#!/usr/bin/env bash
# Build the one-folder desktop bundle of Prompter: dist/prompter/.
#   packaging/build.sh            build, then audit the bundle for keys and settings
#   packaging/build.sh --smoke    … and run packaging/smoke_test.sh on it
# Works from a clean checkout: it sets up .venv (./dev setup) and installs PyInstaller into it
# when missing. Takes a few minutes; not part of the test run. See docs/packaging.md.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=.venv/bin/python
DIST=dist
WORK=build/pyinstaller
BUNDLE=$DIST/prompter
ICONS=build/icon

log() { printf '\033[1m[build]\033[0m %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

smoke=0
for argument in "$@"; do
    case $argument in
        --smoke) smoke=1 ;;
        -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
        *) die "unknown option $argument (try --help)" ;;
    esac
done

[[ -x $PYTHON ]] || ./dev setup
"$PYTHON" -c 'import PyInstaller' 2>/dev/null || {
    log "installing PyInstaller into .venv"
    "$PYTHON" -m pip install -q -e '.[packaging]' >&2
}
for entry in app/__main__.py engine/__main__.py; do
    [[ -f $entry ]] || die "$entry is missing: the bundle has no program to start"
done

# The SVG is the icon's source; the PNGs are derived from it (resources/icon.png only when the
# SVG changed, so a clean checkout stays clean).
render=(--theme "$ICONS/theme")
[[ ${OSTYPE:-} == msys* || ${OSTYPE:-} == cygwin* ]] && render+=(--ico "$ICONS/prompter.ico")
if [[ resources/icon.svg -nt resources/icon.png || ! -f resources/icon.png ]]; then
    "$PYTHON" packaging/render_icon.py "${render[@]}" >/dev/null
else
    "$PYTHON" packaging/render_icon.py --out "$ICONS/icon.png" "${render[@]}" >/dev/null
fi

# The studio's translations: the .ts under version control, compiled to the .qm it loads.
"$PYTHON" -m app.i18n.qm >&2 || die "cannot compile the translations (resources/i18n)"

log "building $BUNDLE with PyInstaller (a few minutes)"
started=$(date +%s)
QT_QPA_PLATFORM=offscreen "$PYTHON" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath "$DIST" --workpath "$WORK" packaging/prompter.spec
seconds=$(( $(date +%s) - started ))

# Desktop integration travels with the bundle: the entry, the icon theme and their installer.
mkdir -p "$BUNDLE/share/applications" "$BUNDLE/share/icons"
cp packaging/prompter.desktop "$BUNDLE/share/applications/"
cp -R "$ICONS/theme/hicolor" "$BUNDLE/share/icons/"
cp packaging/install_desktop_entry.sh "$BUNDLE/install-desktop-entry.sh"
chmod +x "$BUNDLE/install-desktop-entry.sh"

"$PYTHON" packaging/audit_bundle.py "$BUNDLE" || die "the bundle must not be shipped (see above)"

size=$(du -sh "$BUNDLE" | cut -f1)
log "built $BUNDLE in ${seconds}s: $size on disk"
log "start it with $BUNDLE/prompter-studio; add it to the desktop menu with $BUNDLE/install-desktop-entry.sh"
if (( smoke )); then
    exec packaging/smoke_test.sh "$BUNDLE"
fi
