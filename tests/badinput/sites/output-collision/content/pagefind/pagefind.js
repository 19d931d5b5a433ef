alert('search runs this');
