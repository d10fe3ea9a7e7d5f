"""Apache Spark in local mode feeds photoaudit a file list through RDD.pipe (make scale-test).

Reads paths (one a line) from LIST, spreads them over PARTITIONS partitions, and pipes each
partition through `photoaudit audit --files-from - --format jsonl`: one unsharded run per
partition, over a disjoint part of the list. saveAsTextFile writes each partition's stream as
OUT/part-0000N, which `photoaudit merge --expect PARTITIONS` joins.

usage: spark_pipe.py PHOTOAUDIT LIST PARTITIONS OUT [AUDIT OPTION...]
"""
import shlex
import sys

from pyspark.sql import SparkSession


def main() -> None:
    photoaudit, listing, partitions, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    options = " ".join(shlex.quote(o) for o in sys.argv[5:])
    spark = (SparkSession.builder.master(f"local[{partitions}]").appName("photoaudit-scale-test")
             .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false").getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    with open(listing, encoding="utf-8") as f:
        paths = [line.rstrip("\n") for line in f if line.strip()]
    command = f"{shlex.quote(photoaudit)} audit --files-from - --format jsonl --fail-on none --quiet {options}"
    # checkCode: a photoaudit exit status other than 0 fails the Spark task (findings are data
    # here: --fail-on none).
    rdd = spark.sparkContext.parallelize(paths, partitions).pipe(command, checkCode=True)
    rdd.saveAsTextFile(out)
    spark.stop()


if __name__ == "__main__":
    main()
