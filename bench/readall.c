/* bench/readall.c — the floor of a fail-closed metadata scan: read every byte of every file
 * named on the command line, the way photoaudit's leak scan reads a file (one pread of the whole
 * file into a fresh buffer), and look at each byte once (memchr for 0xFF, what the JPEG entropy
 * scan does to find where a scan ends). No parsing at all: no tool that reads every byte can be
 * faster. Built by bench/scan.sh with the system's C compiler. Prints files, bytes, 0xFF count. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv) {
  long long files = 0, bytes = 0, marks = 0;
  for (int i = 1; i < argc; i++) {
    int fd = open(argv[i], O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) { perror(argv[i]); return 1; }
    size_t n = (size_t)st.st_size, done = 0;
    unsigned char *buffer = malloc(n ? n : 1);
    if (!buffer) { perror("malloc"); return 1; }
    while (done < n) {
      ssize_t r = pread(fd, buffer + done, n - done, (off_t)done);
      if (r <= 0) break;
      done += (size_t)r;
    }
    for (const unsigned char *p = buffer, *end = buffer + done; p < end; p++) {
      p = memchr(p, 0xFF, (size_t)(end - p));
      if (!p) break;
      marks++;
    }
    free(buffer);
    close(fd);
    files++;
    bytes += (long long)done;
  }
  printf("%lld files, %lld bytes, %lld 0xFF\n", files, bytes, marks);
  return 0;
}
