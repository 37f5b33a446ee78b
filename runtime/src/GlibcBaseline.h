/*===- GlibcBaseline.h - Bind the runtime's libc calls to glibc 2.28 ------===*
 *
 * Force-included into every runtime file (runtime/CMakeLists.txt), so a
 * model library built on a new glibc loads on one as old as 2.28 (RHEL 8,
 * Debian 10): its references may need no symbol version newer than
 * GLIBC_2.28 (test/e2e/check_glibc_baseline.py reads them).
 *
 * glibc 2.32 to 2.34 moved libpthread and libdl into libc.so.6 and gave
 * their functions new default versions; the old GLIBC_2.2.5 ones are still
 * exported, with the same behaviour, and are what old systems define (in
 * libpthread.so.0 and libdl.so.2, which the packager therefore adds to
 * every model's DT_NEEDED, lib/Package/Linker.cpp). `.symver` makes this
 * file's references to a function name that version; the directive only
 * takes effect in files that use the function.
 *
 * Only x86-64 glibc (GLIBC_2.2.5 is its first version); elsewhere this file
 * is empty.
 *===----------------------------------------------------------------------===*/

#ifndef PT2C_RUNTIME_GLIBCBASELINE_H
#define PT2C_RUNTIME_GLIBCBASELINE_H

#if defined(__x86_64__) && defined(__linux__) && __has_include(<features.h>)
#include <features.h>
#endif

#if defined(__x86_64__) && defined(__GLIBC__)

#define PT2CRT_GLIBC_BASELINE 1

/* The functions the runtime calls whose default version is newer than
 * 2.28; a new one fails check_glibc_baseline.py, naming it. */
/* GLIBC_2.34 on glibc >= 2.34 (moved from libpthread). */
__asm__(".symver pthread_create,pthread_create@GLIBC_2.2.5");
__asm__(".symver pthread_join,pthread_join@GLIBC_2.2.5");
__asm__(".symver pthread_once,pthread_once@GLIBC_2.2.5");
/* GLIBC_2.32 on glibc >= 2.32. */
__asm__(".symver pthread_sigmask,pthread_sigmask@GLIBC_2.2.5");
/* GLIBC_2.34 on glibc >= 2.34 (moved from libdl). */
__asm__(".symver dlopen,dlopen@GLIBC_2.2.5");
__asm__(".symver dlsym,dlsym@GLIBC_2.2.5");
__asm__(".symver dlclose,dlclose@GLIBC_2.2.5");
__asm__(".symver dlerror,dlerror@GLIBC_2.2.5");

/* fstat is GLIBC_2.33 on glibc >= 2.33; before, <sys/stat.h> turned it
 * into __fxstat(_STAT_VER, ...), which glibc still exports as
 * __fxstat@GLIBC_2.2.5 but no longer declares. _STAT_VER is 1 on x86-64
 * (the kernel's struct stat, the one <sys/stat.h> declares).
 * pt2crt_fstat is what runtime files call instead of fstat. */
struct stat;
extern int __fxstat(int version, int fd, struct stat *buf);
__asm__(".symver __fxstat,__fxstat@GLIBC_2.2.5");
#define pt2crt_fstat(fd, buf) __fxstat(1, (fd), (buf))

#else

#define pt2crt_fstat(fd, buf) fstat((fd), (buf))

#endif

#endif /* PT2C_RUNTIME_GLIBCBASELINE_H */
