#!/usr/bin/env bash
# dist.sh OUTDIR VERSION COMMIT OS/ARCH... writes the release archives of
# Kesim into OUTDIR (make dist, make dist-check): for each target a pure Go
# binary (CGO_ENABLED=0) with the web app already built into web/dist/app
# embedded, packed with BENIOKU.txt as kesim-VERSION-OS-ARCH.tar.gz (.zip
# with kesim.exe for Windows), and SHA256SUMS over the archives in the format
# sha256sum -c reads.
#
# The archives are reproducible: the same tree and toolchain give the same
# bytes (-trimpath, no build id, no VCS stamp: the version and commit come
# in through -ldflags; files sorted, owner 0, every mtime the commit's time,
# gzip without a name or time, zip without extra fields).
set -euo pipefail

if [ $# -lt 4 ]; then
	echo "kullanım: scripts/dist.sh ÇIKTI_KLASÖRÜ SÜRÜM COMMIT OS/ARCH..." >&2
	exit 2
fi
out=$1 version=$2 commit=$3
shift 3
GO=${GO:-go}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)

if [ ! -f "$root/web/dist/app/index.html" ]; then
	echo "dist: web uygulaması derlenmemiş (web/dist/app/index.html yok); önce: make web" >&2
	exit 1
fi
for tool in zip tar gzip sha256sum; do
	command -v "$tool" >/dev/null || { echo "dist: $tool bulunamadı (Debian: apt-get install zip unzip)" >&2; exit 1; }
done
case $version$commit in
*/* | *' '*) echo "dist: sürüm ve commit dosya adında kullanılır, / ve boşluk olamaz: $version $commit" >&2; exit 2 ;;
esac

# Every file in the archives carries the commit's time (zip cannot go before 1980).
epoch=${SOURCE_DATE_EPOCH:-$(git -C "$root" log -1 --format=%ct 2>/dev/null || echo 315532800)}
[ "$epoch" -ge 315532800 ] || epoch=315532800

mkdir -p "$out"
out=$(cd "$out" && pwd)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

ldflags="-s -w -buildid= -X kesim/internal/version.version=$version -X kesim/internal/version.commit=$commit"
archives=()
for target in "$@"; do
	goos=${target%/*} goarch=${target#*/}
	if [ -z "$goos" ] || [ -z "$goarch" ] || [ "$goos" = "$target" ]; then
		echo "dist: hedef OS/ARCH biçiminde olmalı (ör. linux/amd64): $target" >&2
		exit 2
	fi
	name=kesim-$version-$goos-$goarch
	dir=$stage/$name
	mkdir -p "$dir"
	exe=kesim
	[ "$goos" = windows ] && exe=kesim.exe
	echo "dist: $name"
	(cd "$root" && CGO_ENABLED=0 GOOS=$goos GOARCH=$goarch "$GO" build -trimpath -buildvcs=false -ldflags "$ldflags" -o "$dir/$exe" ./cmd/kesim)
	sed -e "s/@VERSION@/$version/g" -e "s/@COMMIT@/$commit/g" "$here/BENIOKU.txt" >"$dir/BENIOKU.txt"
	chmod 0755 "$dir/$exe"
	chmod 0644 "$dir/BENIOKU.txt"
	if [ "$goos" = windows ]; then
		# Notepad of older Windows wants CRLF.
		sed -i 's/$/\r/' "$dir/BENIOKU.txt"
		touch -d "@$epoch" "$dir" "$dir/$exe" "$dir/BENIOKU.txt"
		rm -f "$out/$name.zip"
		# TZ=UTC: zip stores local time; -X: no uid/gid or extra timestamps; -D: no directory entries.
		(cd "$stage" && TZ=UTC zip -q -X -D -9 "$out/$name.zip" "$name/BENIOKU.txt" "$name/$exe")
		archives+=("$name.zip")
	else
		tar -C "$stage" --sort=name --mtime="@$epoch" --owner=0 --group=0 --numeric-owner \
			--format=gnu -cf - "$name" | gzip -9 -n >"$out/$name.tar.gz"
		archives+=("$name.tar.gz")
	fi
done

(cd "$out" && sha256sum "${archives[@]}" >SHA256SUMS)
(cd "$out" && ls -l "${archives[@]}" SHA256SUMS)
