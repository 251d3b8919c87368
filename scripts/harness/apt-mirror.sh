#!/bin/sh
# apt-mirror.sh: print the URI of the Debian mirror this machine's apt
# configuration uses for its own release (VERSION_CODENAME of
# /etc/os-release), for apt-fetch.sh's private sources lists.
#
# apt reads the configuration itself (sources.list, sources.list.d/'s
# .list and .sources files, APT_CONFIG), so both source formats count
# and disabled files do not.  Only the entry of the release itself is
# taken: the security suite often comes from another archive, which
# carries no other suite.
set -eu

die() { echo "apt-mirror: error: $*" >&2; exit 1; }
release=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
[ -n "$release" ] || die "/etc/os-release names no VERSION_CODENAME"
uri=$(apt-get indextargets --no-release-info --format '$(REPO_URI)' \
	"Release: $release" "Target-Of: deb" | head -n 1)
[ -n "$uri" ] || die "the machine's apt configuration has no deb entry for its release $release"
echo "${uri%/}"
