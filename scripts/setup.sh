#!/usr/bin/env bash
# Installs what WidgetRender needs on Debian/Ubuntu, or says exactly what to run.
# Used by `make run` and `make test`; safe to run again (it only installs what is missing).
set -euo pipefail

# libcurl4-openssl-dev: Sources/CCurlLoader includes its curl.h for types and constants (nothing links
# -lcurl); it brings libcurl4, whose libcurl.so.4 the binary loads on the first URL fetch.
packages=(libcairo2-dev libpango1.0-dev libpng-dev libjpeg-dev libisal-dev libssl-dev libcurl4-openssl-dev pkg-config fonts-inter fonts-noto-cjk fonts-noto-core fonts-noto-mono fonts-noto-color-emoji fonts-symbola
    fonts-materialdesignicons-webfont tesseract-ocr tesseract-ocr-jpn pngcheck chromium python3-yaml python3-pil file librsvg2-bin poppler-utils)

missing=()
for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done

if ! command -v swift >/dev/null 2>&1; then
    echo "error: swift is not on PATH; install the Swift 6.3 toolchain (e.g. to /opt/swift) and add its usr/bin to PATH" >&2
    exit 69
fi

if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
    echo "Installing: ${missing[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    echo "Installing with sudo: ${missing[*]}" >&2
    sudo DEBIAN_FRONTEND=noninteractive apt-get update -qq
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
else
    echo "error: missing system packages: ${missing[*]}" >&2
    echo "run: sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 69
fi
