#ifndef WIDGETRENDER_CCRYPTO_SHIM_H
#define WIDGETRENDER_CCRYPTO_SHIM_H
#include <openssl/evp.h>
#endif
