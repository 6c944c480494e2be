#ifndef WIDGETRENDER_CJPEG_SHIM_H
#define WIDGETRENDER_CJPEG_SHIM_H
#include <stdio.h>
#include <jpeglib.h>
#endif
