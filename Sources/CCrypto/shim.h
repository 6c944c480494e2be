#ifndef WIDGETRENDER_CCRYPTO_SHIM_H
#define WIDGETRENDER_CCRYPTO_SHIM_H
// SHA256_Init/Update/Final are deprecated in OpenSSL 3 in favour of EVP, but still exported and
// maintained; they call the digest directly, where EVP's first use initialises the library (reads
// openssl.cnf, loads the default provider, fetches the method): 1.0 ms of a cold run before the
// first PNG's digest, against 0.06 ms (measured with libcrypto 3.0 here).
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/sha.h>
#endif
