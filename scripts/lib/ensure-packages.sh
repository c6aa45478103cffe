# Installs the Debian packages given as arguments when any is missing (sourced by scripts/*).

# What building any product needs beyond the Swift toolchain: ncurses for the terminal module,
# and C++ headers and zlib for the C and C++ code of the packages (swift-crypto's BoringSSL, in
# toastercli since it signs App Store Connect tokens; SwiftNIO in toaster-server and the tests),
# which a machine with only the toolchain's own packages lacks.
TOASTER_BUILD_PACKAGES="libncurses-dev libstdc++-12-dev zlib1g-dev"

ensure_packages() {
    local missing=()
    for package in "$@"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "Installing ${missing[*]} ..." >&2
    local sudo=()
    [ "$(id -u)" -eq 0 ] || sudo=(sudo)
    "${sudo[@]}" apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
}
