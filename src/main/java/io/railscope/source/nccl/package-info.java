/**
 * NCCL's own account of a job's network: the log parser for every NCCL version family (2.14 to
 * 2.30 line shapes), nccl-tests output and NCCL Inspector JSON lines; the facts it keeps per rank;
 * and the assembly of a cell's training jobs from their pods and those facts.
 */
package io.railscope.source.nccl;
