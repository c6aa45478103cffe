// zlib, for the gzip-compressed bodies of Firebase's iOS SDK (toaster-server's fetch route).
#include <zlib.h>
