#ifndef WIDGETRENDER_CPNG_SHIM_H
#define WIDGETRENDER_CPNG_SHIM_H
#include <png.h>
#endif
