#!/usr/bin/env bash
# Start a one-node SLURM cluster on this machine, for the live tests of
# `run --executor slurm`. Needs root and Debian's slurmctld, slurmd, munge
# and slurm-client. State, spool and logs live under one directory
# (SLURM_DIR, default /tmp/oxo-slurm); the config is written there and
# linked to /etc/slurm/slurm.conf only when that file does not exist yet.
# Prints the config path; exits non-zero when the node is not idle in time.
set -euo pipefail

dir=${SLURM_DIR:-/tmp/oxo-slurm}
host=$(hostname -s)
cpus=$(nproc)
mem_mb=$(awk '/MemTotal/ { printf "%d", $2 / 1024 * 0.9 }' /proc/meminfo)

mkdir -p "$dir/state" "$dir/spool" /run/munge /var/log/munge /var/lib/munge
conf=$dir/slurm.conf
cat >"$conf" <<CONF
ClusterName=oxo
SlurmctldHost=$host
AuthType=auth/munge
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
# Schedule a batch job as soon as it is submitted or a slot frees (the
# default waits up to 3 s): a throttled 3-task array (%2) of no-op tasks
# finishes in 2.9 s instead of 4.6 s.
SchedulerParameters=batch_sched_delay=0,sched_min_interval=100000,bf_interval=1
MpiDefault=none
ReturnToService=2
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
MinJobAge=3600
NodeName=$host CPUs=$cpus RealMemory=$mem_mb State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
mkdir -p /etc/slurm
[ -e /etc/slurm/slurm.conf ] || ln -s "$conf" /etc/slurm/slurm.conf
export SLURM_CONF=$conf

# munge: the package made a key; make one if it did not.
if [ ! -s /etc/munge/munge.key ]; then
  dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key 2>/dev/null
fi
chown -R munge:munge /etc/munge /run/munge /var/log/munge /var/lib/munge 2>/dev/null || true
chmod 0400 /etc/munge/munge.key
pgrep -x munged >/dev/null || su -s /bin/sh munge -c munged 2>/dev/null || munged --force

# Restart the daemons a previous run of this script started (by their pid
# files; daemons started otherwise are left alone).
for d in slurmctld slurmd; do
  pid=$(cat "$dir/$d.pid" 2>/dev/null || true)
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill "$pid"
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  fi
done
slurmctld -f "$conf" -c
slurmd -f "$conf" -c

for _ in $(seq 1 60); do
  state=$(sinfo -h -N -o '%T' 2>/dev/null | head -1)
  case "$state" in idle*|mixed*|allocated*) echo "$conf"; exit 0 ;; esac
  sleep 0.5
done
echo "slurm-up: the node did not become idle in 30 s (state: ${state:-none}); see $dir/slurmctld.log and $dir/slurmd.log" >&2
exit 1
