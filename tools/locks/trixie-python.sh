#!/usr/bin/env bash
# A CPython 3.13 whose threading.Lock is a PyMutex (3.13.1 and later; pyenv's 3.13.0 still has the semaphore), without
# installing anything: Debian trixie's python3.13 packages and its glibc, downloaded with apt into DIR (default
# /tmp/trixie) from a sources list of its own (the machine's apt configuration is not touched), unpacked with
# dpkg-deb -x, and run through trixie's own loader. Prints the path of a wrapper that validate's --python takes.
#   tools/locks/trixie-python.sh && gilsim validate scenarios/lock-contention.yaml --python /tmp/trixie/py313
set -euo pipefail
DIR=${1:-/tmp/trixie}
mkdir -p "$DIR"/lists/partial "$DIR"/cache/archives/partial "$DIR"/debs
echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian trixie main" \
  > "$DIR"/sources.list
APT=(-o Dir::Etc::SourceList="$DIR"/sources.list -o Dir::Etc::SourceParts=/dev/null -o Dir::State::Lists="$DIR"/lists
     -o Dir::Cache="$DIR"/cache -o Dir::State::Status=/dev/null)
apt-get "${APT[@]}" update >/dev/null
(cd "$DIR"/debs && apt-get "${APT[@]}" download python3.13-minimal libpython3.13-minimal libpython3.13-stdlib libc6 \
  >/dev/null)
rm -rf "$DIR"/root && mkdir "$DIR"/root
for d in "$DIR"/debs/*.deb; do dpkg-deb -x "$d" "$DIR"/root; done
cat > "$DIR"/py313 <<WRAP
#!/bin/sh
R=$DIR/root
exec \$R/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2 \\
  --library-path \$R/usr/lib/x86_64-linux-gnu:/usr/lib/x86_64-linux-gnu:/lib/x86_64-linux-gnu \\
  \$R/usr/bin/python3.13 "\$@"
WRAP
chmod +x "$DIR"/py313
"$DIR"/py313 -I -c 'import sys; print(sys.version.split()[0])' >&2
echo "$DIR"/py313
