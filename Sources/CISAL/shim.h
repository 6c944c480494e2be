#ifndef WIDGETRENDER_CISAL_SHIM_H
#define WIDGETRENDER_CISAL_SHIM_H
#include <isa-l.h>
#endif
