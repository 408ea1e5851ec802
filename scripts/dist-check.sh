#!/usr/bin/env bash
# dist-check.sh VERSION COMMIT checks the release archives (make dist-check,
# part of make test): it builds the linux/amd64 and windows/amd64 archives
# with scripts/dist.sh into a temporary folder, verifies SHA256SUMS with
# sha256sum -c, unpacks the Linux archive and runs its kesim version, which
# must name VERSION and COMMIT, checks that the zip holds kesim.exe and
# BENIOKU.txt, and vets the code for Windows and macOS.
set -euo pipefail

if [ $# -ne 2 ]; then
	echo "kullanım: scripts/dist-check.sh SÜRÜM COMMIT" >&2
	exit 2
fi
version=$1 commit=$2
GO=${GO:-go}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
	echo "dist-check: $*" >&2
	exit 1
}

command -v unzip >/dev/null || fail "unzip bulunamadı (Debian: apt-get install zip unzip)"
"$here/dist.sh" "$tmp/dist" "$version" "$commit" linux/amd64 windows/amd64 >/dev/null
linux=kesim-$version-linux-amd64
windows=kesim-$version-windows-amd64

(cd "$tmp/dist" && sha256sum -c --strict SHA256SUMS) || fail "SHA256SUMS tutmuyor"
[ "$(wc -l <"$tmp/dist/SHA256SUMS")" -eq 2 ] || fail "SHA256SUMS iki arşivi listelemeli"

mkdir "$tmp/unpacked"
tar -C "$tmp/unpacked" -xzf "$tmp/dist/$linux.tar.gz"
[ -s "$tmp/unpacked/$linux/BENIOKU.txt" ] || fail "$linux.tar.gz içinde BENIOKU.txt yok"
got=$("$tmp/unpacked/$linux/kesim" version)
case $got in
"kesim $version (commit $commit, "*" linux/amd64)") echo "dist-check: $got" ;;
*) fail "kesim version \"$got\" diyor; beklenen: kesim $version (commit $commit, ...)" ;;
esac

entries=$(unzip -Z1 "$tmp/dist/$windows.zip")
for f in kesim.exe BENIOKU.txt; do
	grep -qx "$windows/$f" <<<"$entries" || fail "$windows.zip içinde $f yok: $entries"
done
unzip -q -d "$tmp/unpacked" "$tmp/dist/$windows.zip"
[ "$(head -c 2 "$tmp/unpacked/$windows/kesim.exe")" = MZ ] ||
	fail "$windows.zip içindeki kesim.exe bir Windows programı değil"

# The platform-specific files (the desktop start, signals, file locks) must
# build and vet for the systems the releases are for. With -trimpath, as
# dist.sh builds, vet reuses the packages the Windows archive compiled: a
# cold vet for Windows took 24 s after the build instead of 52 s.
cd "$root"
GOOS=windows GOARCH=amd64 "$GO" vet -trimpath ./...
GOOS=darwin GOARCH=arm64 "$GO" vet -trimpath ./...
echo "dist-check: tamam"
